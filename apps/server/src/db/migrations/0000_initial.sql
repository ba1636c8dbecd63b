CREATE TABLE "store" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"store_name" text NOT NULL,
	"discount_rate" numeric(5, 4) DEFAULT '1' NOT NULL,
	"device_count" integer DEFAULT 100 NOT NULL,
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
	"scheduled_at" timestamp with time zone,
	"idempotency_key" text,
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
CREATE TABLE "ios_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"for_clerk" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"serial_number" text NOT NULL,
	"udid" text,
	"remark" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"storage_capacity" double precision,
	"market" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"hirer_name" text DEFAULT '' NOT NULL,
	"hirer_phone_number" text DEFAULT '' NOT NULL,
	"abm_status" integer DEFAULT 0 NOT NULL,
	"supervise_status" integer DEFAULT 0 NOT NULL,
	"activation_lock_status" integer DEFAULT 0 NOT NULL,
	"lock_status" integer DEFAULT 0 NOT NULL,
	"recycled_status" integer DEFAULT 0 NOT NULL,
	"os_update_status" integer DEFAULT 0 NOT NULL,
	"global_proxy_status" integer DEFAULT 0 NOT NULL,
	"enrollment_status" integer DEFAULT 0 NOT NULL,
	"registration_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_time" timestamp with time zone,
	"last_active_location" jsonb,
	"activation_lock_passcode" text,
	"app_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"system_restriction" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"app_restriction_enable" boolean DEFAULT false NOT NULL,
	"app_restriction_type" integer DEFAULT 0 NOT NULL,
	"app_restriction_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imei_1" text DEFAULT '' NOT NULL,
	"imei_2" text DEFAULT '' NOT NULL,
	"meid" text DEFAULT '' NOT NULL,
	"battery_level" double precision,
	"sim_1" jsonb,
	"sim_2" jsonb,
	"available_os_updates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"need_os_update" boolean DEFAULT false NOT NULL,
	"is_simulated" boolean DEFAULT false NOT NULL,
	"facts_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ios_location_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	"measured_at" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ios_sim_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"sim_1" jsonb,
	"sim_2" jsonb,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mdm_command" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"request_type" text NOT NULL,
	"payload" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_now_count" integer DEFAULT 0 NOT NULL,
	"dedupe_key" text,
	"operation_log_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"error_chain" jsonb,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "mdm_enrollment" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"udid" text NOT NULL,
	"cert_fingerprint" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"push_magic" text,
	"token_hex" text,
	"unlock_token" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"authenticated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_updated_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"push_dead" boolean DEFAULT false NOT NULL,
	"push_failures" integer DEFAULT 0 NOT NULL,
	"last_push_at" timestamp with time zone,
	"next_push_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mdm_identity" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"clerk_id" uuid,
	"device_id" uuid,
	"not_after" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scep_challenge" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"clerk_id" uuid,
	"device_id" uuid,
	"uses_left" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "ios_device" ADD CONSTRAINT "ios_device_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_device" ADD CONSTRAINT "ios_device_for_clerk_clerk_id_fk" FOREIGN KEY ("for_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_location_log" ADD CONSTRAINT "ios_location_log_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_sim_log" ADD CONSTRAINT "ios_sim_log_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_command" ADD CONSTRAINT "mdm_command_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_command" ADD CONSTRAINT "mdm_command_operation_log_id_operation_log_id_fk" FOREIGN KEY ("operation_log_id") REFERENCES "public"."operation_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD CONSTRAINT "mdm_enrollment_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_identity" ADD CONSTRAINT "mdm_identity_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_identity" ADD CONSTRAINT "mdm_identity_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mdm_identity" ADD CONSTRAINT "mdm_identity_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scep_challenge" ADD CONSTRAINT "scep_challenge_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scep_challenge" ADD CONSTRAINT "scep_challenge_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scep_challenge" ADD CONSTRAINT "scep_challenge_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clerk_phone_number_key" ON "clerk" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "clerk_store_idx" ON "clerk" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "auth_session_clerk_idx" ON "auth_session" USING btree ("clerk_id");--> statement-breakpoint
CREATE INDEX "refresh_token_session_idx" ON "refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "login_log_store_idx" ON "login_log" USING btree ("for_store","date_created");--> statement-breakpoint
CREATE INDEX "login_log_account_idx" ON "login_log" USING btree ("account","date_created");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","date_created");--> statement-breakpoint
CREATE INDEX "operation_log_store_idx" ON "operation_log" USING btree ("for_store","platform","date_created");--> statement-breakpoint
CREATE INDEX "operation_log_device_idx" ON "operation_log" USING btree ("device_id","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "operation_log_idempotency_key" ON "operation_log" USING btree ("for_store","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "operation_log_scheduled_idx" ON "operation_log" USING btree ("scheduled_at") WHERE status = 5;--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone_number","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "ios_device_store_serial_key" ON "ios_device" USING btree ("for_store","serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ios_device_udid_key" ON "ios_device" USING btree ("udid");--> statement-breakpoint
CREATE INDEX "ios_device_list_reg_idx" ON "ios_device" USING btree ("for_store","recycled_status","registration_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "ios_device_list_active_idx" ON "ios_device" USING btree ("for_store","recycled_status","last_active_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "ios_device_count_idx" ON "ios_device" USING btree ("for_store","recycled_status","lock_status","last_active_time");--> statement-breakpoint
CREATE INDEX "ios_device_clerk_idx" ON "ios_device" USING btree ("for_store","for_clerk","registration_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ios_device_imei1_idx" ON "ios_device" USING btree ("for_store","imei_1" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ios_device_imei2_idx" ON "ios_device" USING btree ("for_store","imei_2" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ios_device_serial_idx" ON "ios_device" USING btree ("for_store","serial_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ios_device_hirer_phone_idx" ON "ios_device" USING btree ("for_store","hirer_phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "ios_location_log_device_idx" ON "ios_location_log" USING btree ("device_id","date_created");--> statement-breakpoint
CREATE INDEX "ios_sim_log_device_idx" ON "ios_sim_log" USING btree ("device_id","date_created");--> statement-breakpoint
CREATE INDEX "mdm_command_pending_idx" ON "mdm_command" USING btree ("device_id","priority" DESC NULLS LAST,"created_at") WHERE status in ('queued', 'sent', 'not-now');--> statement-breakpoint
CREATE UNIQUE INDEX "mdm_command_dedupe_key" ON "mdm_command" USING btree ("device_id","dedupe_key") WHERE dedupe_key is not null and status in ('queued', 'sent', 'not-now');--> statement-breakpoint
CREATE INDEX "mdm_command_oplog_idx" ON "mdm_command" USING btree ("operation_log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mdm_enrollment_udid_key" ON "mdm_enrollment" USING btree ("udid");--> statement-breakpoint
CREATE UNIQUE INDEX "mdm_enrollment_cert_key" ON "mdm_enrollment" USING btree ("cert_fingerprint");