CREATE TABLE "sms_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hx_report_setting" (
	"for_store" uuid PRIMARY KEY NOT NULL,
	"secret_cipher" text NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rcs_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"clerk_id" uuid,
	"name" text NOT NULL,
	"id_card_sealed" text NOT NULL,
	"id_card_hash" text NOT NULL,
	"id_card_masked" text NOT NULL,
	"order_id" text NOT NULL,
	"auth_url" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"wechat_url" text,
	"wechat_updated" timestamp with time zone,
	"alipay_url" text,
	"alipay_updated" timestamp with time zone,
	"report_url" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rcs_record_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"clerk_id" uuid,
	"level" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"id_card_sealed" text NOT NULL,
	"id_card_hash" text NOT NULL,
	"id_card_masked" text NOT NULL,
	"phone_sealed" text NOT NULL,
	"phone_hash" text NOT NULL,
	"phone_masked" text NOT NULL,
	"price_fen" integer NOT NULL,
	"sandbox" boolean NOT NULL,
	"sections" jsonb,
	"risk_level" text,
	"risk_score" integer,
	"failure_reason" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"authorised_by" text NOT NULL,
	"authorised_at" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"amount_fen" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"report_id" uuid,
	"clerk_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_watch_hit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"platform" text NOT NULL,
	"device_id" uuid NOT NULL,
	"phone_hash" text NOT NULL,
	"hirer_name" text NOT NULL,
	"phone_masked" text NOT NULL,
	"reason" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_watch_run" (
	"for_store" uuid PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"watched_hirers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD COLUMN "renewal_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD COLUMN "renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_identity" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scep_challenge" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hx_report_setting" ADD CONSTRAINT "hx_report_setting_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcs_record" ADD CONSTRAINT "rcs_record_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rcs_record" ADD CONSTRAINT "rcs_record_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_ledger" ADD CONSTRAINT "report_ledger_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_watch_hit" ADD CONSTRAINT "risk_watch_hit_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_watch_run" ADD CONSTRAINT "risk_watch_run_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_check_phone_idx" ON "sms_check" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "sms_check_ip_idx" ON "sms_check" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "rcs_record_store_idx" ON "rcs_record" USING btree ("for_store","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_store_idx" ON "report" USING btree ("for_store","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_phone_idx" ON "report" USING btree ("for_store","phone_hash");--> statement-breakpoint
CREATE INDEX "report_id_card_idx" ON "report" USING btree ("for_store","id_card_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "report_ledger_key_uq" ON "report_ledger" USING btree ("for_store","idempotency_key");--> statement-breakpoint
CREATE INDEX "report_ledger_report_idx" ON "report_ledger" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_watch_hit_uq" ON "risk_watch_hit" USING btree ("for_store","platform","device_id","phone_hash");--> statement-breakpoint
CREATE INDEX "risk_watch_hit_store_idx" ON "risk_watch_hit" USING btree ("for_store","date_created" DESC NULLS LAST);