CREATE TABLE "store" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"store_name" text NOT NULL,
	"discount_rate" numeric(5, 4) DEFAULT '1' NOT NULL,
	"device_count" integer DEFAULT 0 NOT NULL,
	"used_device_count" integer DEFAULT 0 NOT NULL,
	"rcs_count" integer DEFAULT 0 NOT NULL,
	"used_rcs_count" integer DEFAULT 0 NOT NULL,
	"employee_default_permission" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"modules" text[] DEFAULT '{}'::text[] NOT NULL,
	"sms_verify_switch" boolean DEFAULT false NOT NULL,
	"system_restriction" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"app_restriction" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"global_http_proxy_pac_url" text
);
--> statement-breakpoint
CREATE TABLE "clerk" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secondary_password_hash" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"permission" text DEFAULT '' NOT NULL,
	"system_user" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"quota_limit" boolean DEFAULT false NOT NULL,
	"total_quota" integer DEFAULT 0 NOT NULL,
	"used_quota" integer DEFAULT 0 NOT NULL,
	"lost_modal_content" jsonb
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clerk_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"for_store" uuid,
	"for_clerk" uuid,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"status" integer NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"for_clerk" uuid,
	"platform" text NOT NULL,
	"device_id" uuid,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"content" text NOT NULL,
	"purpose" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clerk" ADD CONSTRAINT "clerk_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_log" ADD CONSTRAINT "login_log_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_log" ADD CONSTRAINT "login_log_for_clerk_clerk_id_fk" FOREIGN KEY ("for_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_for_clerk_clerk_id_fk" FOREIGN KEY ("for_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clerk_phone_number_key" ON "clerk" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "clerk_store_idx" ON "clerk" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "auth_session_clerk_idx" ON "auth_session" USING btree ("clerk_id");--> statement-breakpoint
CREATE INDEX "refresh_token_session_idx" ON "refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "login_log_store_idx" ON "login_log" USING btree ("for_store","date_created");--> statement-breakpoint
CREATE INDEX "login_log_account_idx" ON "login_log" USING btree ("account","date_created");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","date_created");--> statement-breakpoint
CREATE INDEX "operation_log_store_idx" ON "operation_log" USING btree ("for_store","platform","date_created");--> statement-breakpoint
CREATE INDEX "operation_log_device_idx" ON "operation_log" USING btree ("device_id","date_created");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone_number","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("date_created");