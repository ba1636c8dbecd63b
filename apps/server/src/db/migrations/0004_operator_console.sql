CREATE TABLE "operator" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"must_change_password" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"totp_secret_sealed" text,
	"totp_pending_sealed" text,
	"totp_last_step" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "operator_login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"status" integer NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "operator_refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operator_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operator_id" uuid NOT NULL,
	"mfa" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ops_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid,
	"operator_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD COLUMN "push_error" text;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD COLUMN "push_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_login_log" ADD CONSTRAINT "operator_login_log_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_refresh_token" ADD CONSTRAINT "operator_refresh_token_session_id_operator_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."operator_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_session" ADD CONSTRAINT "operator_session_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_login_log_account_idx" ON "operator_login_log" USING btree ("account","date_created");--> statement-breakpoint
CREATE INDEX "operator_login_log_ip_idx" ON "operator_login_log" USING btree ("ip","date_created");--> statement-breakpoint
CREATE INDEX "operator_refresh_token_session_idx" ON "operator_refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "operator_session_operator_idx" ON "operator_session" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "ops_audit_date_idx" ON "ops_audit" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "ops_audit_target_idx" ON "ops_audit" USING btree ("target_type","target_id");
--> statement-breakpoint
-- Hand-written (issue 16, item 5): ops_audit is append-only. The trigger refuses UPDATE, DELETE and TRUNCATE
-- for everyone, the server included, so an operator action, once written, can never be rewritten or removed.
CREATE FUNCTION "ops_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ops_audit is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ops_audit_no_update_delete" BEFORE UPDATE OR DELETE ON "ops_audit" FOR EACH ROW EXECUTE FUNCTION "ops_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "ops_audit_no_truncate" BEFORE TRUNCATE ON "ops_audit" FOR EACH STATEMENT EXECUTE FUNCTION "ops_audit_append_only"();
