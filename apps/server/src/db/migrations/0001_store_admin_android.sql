CREATE TABLE "device_distribution_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"for_store" uuid NOT NULL,
	"platform" text NOT NULL,
	"device_id" uuid NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"from_clerk" uuid,
	"to_clerk" uuid,
	"by_clerk" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "android_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"for_clerk" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"imei_1" text DEFAULT '' NOT NULL,
	"imei_2" text DEFAULT '' NOT NULL,
	"meid" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"sdk_int" integer,
	"agent_version" text DEFAULT '' NOT NULL,
	"channel" integer DEFAULT 0 NOT NULL,
	"hirer_name" text DEFAULT '' NOT NULL,
	"hirer_phone_number" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enrollment_status" integer DEFAULT 1 NOT NULL,
	"registration_time" timestamp with time zone DEFAULT now() NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"lock_status" integer DEFAULT 0 NOT NULL,
	"lock_message" text DEFAULT '' NOT NULL,
	"lock_phone_number" text DEFAULT '' NOT NULL,
	"lock_epoch" integer DEFAULT 0 NOT NULL,
	"regulate_status" integer DEFAULT 0 NOT NULL,
	"battery_level" double precision,
	"sim_1" jsonb,
	"sim_2" jsonb,
	"last_active_time" timestamp with time zone,
	"last_active_location" jsonb,
	"system_restriction" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"restriction_report" jsonb,
	"app_restriction_enable" boolean DEFAULT false NOT NULL,
	"app_restriction_mode" integer DEFAULT 0 NOT NULL,
	"app_restriction_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"installed_apps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wallpaper_id" uuid,
	"policy_version" integer DEFAULT 1 NOT NULL,
	"is_simulated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "android_location_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" double precision,
	"measured_at" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "android_agent" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"dev_key_enc" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"offline_locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "android_command" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"operation_log_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "android_enroll_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"clerk_id" uuid,
	"issued_by" uuid,
	"channel" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"device_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "android_passcode_use" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"lock_epoch" integer NOT NULL,
	"grant_days" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_api_nonce" (
	"for_store" uuid NOT NULL,
	"nonce" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_api_nonce_for_store_nonce_pk" PRIMARY KEY("for_store","nonce")
);
--> statement-breakpoint
CREATE TABLE "store_api_setting" (
	"for_store" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"api_key" text,
	"secret_cipher" text,
	"secret_generated_at" timestamp with time zone,
	"callback_url" text DEFAULT '' NOT NULL,
	"ip_white_list" text DEFAULT '' NOT NULL,
	"offline_hours" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_api_setting_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"status_code" integer,
	"error" text DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"type" text NOT NULL,
	"platform" text NOT NULL,
	"device_id" uuid,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"round_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text DEFAULT '' NOT NULL,
	"delivered_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_offline_mark" (
	"platform" text NOT NULL,
	"device_id" uuid NOT NULL,
	"last_active_time" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_offline_mark_platform_device_id_pk" PRIMARY KEY("platform","device_id")
);
--> statement-breakpoint
CREATE TABLE "wallpaper" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"type" integer DEFAULT 3 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"content" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"created_by" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appstore_app" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"platform" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"app_name" text NOT NULL,
	"bundle_id" text NOT NULL,
	"group" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"seller" text DEFAULT '' NOT NULL,
	"track_id" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "apple_app_white_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "lost_modal_content" jsonb;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "android_system_restriction" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "android_app_restriction" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "android_offline_lock_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_distribution_log" ADD CONSTRAINT "device_distribution_log_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_distribution_log" ADD CONSTRAINT "device_distribution_log_from_clerk_clerk_id_fk" FOREIGN KEY ("from_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_distribution_log" ADD CONSTRAINT "device_distribution_log_to_clerk_clerk_id_fk" FOREIGN KEY ("to_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_distribution_log" ADD CONSTRAINT "device_distribution_log_by_clerk_clerk_id_fk" FOREIGN KEY ("by_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_device" ADD CONSTRAINT "android_device_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_device" ADD CONSTRAINT "android_device_for_clerk_clerk_id_fk" FOREIGN KEY ("for_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_location_log" ADD CONSTRAINT "android_location_log_device_id_android_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."android_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_agent" ADD CONSTRAINT "android_agent_device_id_android_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."android_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_command" ADD CONSTRAINT "android_command_device_id_android_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."android_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_command" ADD CONSTRAINT "android_command_operation_log_id_operation_log_id_fk" FOREIGN KEY ("operation_log_id") REFERENCES "public"."operation_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_enroll_token" ADD CONSTRAINT "android_enroll_token_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_enroll_token" ADD CONSTRAINT "android_enroll_token_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_enroll_token" ADD CONSTRAINT "android_enroll_token_issued_by_clerk_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_enroll_token" ADD CONSTRAINT "android_enroll_token_device_id_android_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."android_device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "android_passcode_use" ADD CONSTRAINT "android_passcode_use_device_id_android_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."android_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_api_nonce" ADD CONSTRAINT "open_api_nonce_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_api_setting" ADD CONSTRAINT "store_api_setting_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_event_id_webhook_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_event" ADD CONSTRAINT "webhook_event_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallpaper" ADD CONSTRAINT "wallpaper_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallpaper" ADD CONSTRAINT "wallpaper_created_by_clerk_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appstore_app" ADD CONSTRAINT "appstore_app_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_distribution_log_store_idx" ON "device_distribution_log" USING btree ("for_store","date_created");--> statement-breakpoint
CREATE INDEX "device_distribution_log_device_idx" ON "device_distribution_log" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "android_device_list_reg_idx" ON "android_device" USING btree ("for_store","archived","registration_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "android_device_list_active_idx" ON "android_device" USING btree ("for_store","archived","last_active_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "android_device_count_idx" ON "android_device" USING btree ("for_store","archived","lock_status","last_active_time");--> statement-breakpoint
CREATE INDEX "android_device_clerk_idx" ON "android_device" USING btree ("for_store","for_clerk","registration_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "android_device_imei1_idx" ON "android_device" USING btree ("for_store","imei_1" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "android_device_imei2_idx" ON "android_device" USING btree ("for_store","imei_2" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "android_device_serial_idx" ON "android_device" USING btree ("for_store","serial_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "android_device_hirer_phone_idx" ON "android_device" USING btree ("for_store","hirer_phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "android_location_log_device_idx" ON "android_location_log" USING btree ("device_id","date_created");--> statement-breakpoint
CREATE INDEX "android_command_pending_idx" ON "android_command" USING btree ("device_id","created_at") WHERE status in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "android_command_oplog_idx" ON "android_command" USING btree ("operation_log_id");--> statement-breakpoint
CREATE INDEX "android_enroll_token_store_idx" ON "android_enroll_token" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "android_passcode_use_key" ON "android_passcode_use" USING btree ("device_id","purpose","challenge","lock_epoch");--> statement-breakpoint
CREATE INDEX "open_api_nonce_created_idx" ON "open_api_nonce" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "webhook_attempt_event_idx" ON "webhook_attempt" USING btree ("event_id","attempt_no");--> statement-breakpoint
CREATE INDEX "webhook_event_due_idx" ON "webhook_event" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_event_store_idx" ON "webhook_event" USING btree ("for_store","date_created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallpaper_store_idx" ON "wallpaper" USING btree ("for_store","date_created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "appstore_app_store_bundle_key" ON "appstore_app" USING btree ("for_store","platform","bundle_id");--> statement-breakpoint
CREATE INDEX "appstore_app_list_idx" ON "appstore_app" USING btree ("for_store","platform","sort","app_name");