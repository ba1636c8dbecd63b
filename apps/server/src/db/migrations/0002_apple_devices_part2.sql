CREATE TABLE "abm_device" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"device_family" text DEFAULT '' NOT NULL,
	"os" text DEFAULT '' NOT NULL,
	"profile_status" text DEFAULT 'empty' NOT NULL,
	"profile_uuid" text,
	"profile_assign_time" timestamp with time zone,
	"profile_push_time" timestamp with time zone,
	"device_assigned_date" timestamp with time zone,
	"device_assigned_by" text DEFAULT '' NOT NULL,
	"op_type" text DEFAULT 'added' NOT NULL,
	"op_date" timestamp with time zone,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abm_server" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"key_sealed" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"token_sealed" text,
	"access_token_expiry" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"server_name" text,
	"server_uuid" text,
	"org_name" text,
	"org_id" text,
	"profile_uuid" text,
	"profile_url" text,
	"cursor" text,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_failures" integer DEFAULT 0 NOT NULL,
	"sync_lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ios_os_update_watch" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"checked_version" text,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_poll_at" timestamp with time zone,
	"poll_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ios_wallpaper_screen" (
	"device_id" uuid NOT NULL,
	"screen" integer NOT NULL,
	"wallpaper_id" uuid,
	"wallpaper_name" text DEFAULT '' NOT NULL,
	"date_set" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ios_wallpaper_screen_device_id_screen_pk" PRIMARY KEY("device_id","screen")
);
--> statement-breakpoint
CREATE TABLE "ios_restriction_profile" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"installed" jsonb,
	"installed_at" timestamp with time zone,
	"installed_operation_log_id" uuid,
	"last_failure" text,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "one_click_unlock_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"for_store" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"for_clerk" uuid,
	"mode" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"actor" jsonb NOT NULL,
	"operation_log_id" uuid NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_click_unlock_step" (
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"step" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"operation_log_id" uuid,
	"reason" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "one_click_unlock_step_run_id_position_pk" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "activation_lock_seal_key" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ios_activation_lock" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"device_code" text,
	"device_code_at" timestamp with time zone,
	"device_code_requested_at" timestamp with time zone,
	"device_reports_enabled" boolean,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "wallpaper_allow_modify" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "dns_setting_status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "enterprise_app_trust_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "os_update_progress" jsonb;--> statement-breakpoint
ALTER TABLE "abm_device" ADD CONSTRAINT "abm_device_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abm_server" ADD CONSTRAINT "abm_server_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_os_update_watch" ADD CONSTRAINT "ios_os_update_watch_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_wallpaper_screen" ADD CONSTRAINT "ios_wallpaper_screen_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_wallpaper_screen" ADD CONSTRAINT "ios_wallpaper_screen_wallpaper_id_wallpaper_id_fk" FOREIGN KEY ("wallpaper_id") REFERENCES "public"."wallpaper"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_restriction_profile" ADD CONSTRAINT "ios_restriction_profile_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_restriction_profile" ADD CONSTRAINT "ios_restriction_profile_installed_operation_log_id_operation_log_id_fk" FOREIGN KEY ("installed_operation_log_id") REFERENCES "public"."operation_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_unlock_run" ADD CONSTRAINT "one_click_unlock_run_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_unlock_run" ADD CONSTRAINT "one_click_unlock_run_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_unlock_run" ADD CONSTRAINT "one_click_unlock_run_for_clerk_clerk_id_fk" FOREIGN KEY ("for_clerk") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_unlock_run" ADD CONSTRAINT "one_click_unlock_run_operation_log_id_operation_log_id_fk" FOREIGN KEY ("operation_log_id") REFERENCES "public"."operation_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_unlock_step" ADD CONSTRAINT "one_click_unlock_step_run_id_one_click_unlock_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."one_click_unlock_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_click_unlock_step" ADD CONSTRAINT "one_click_unlock_step_operation_log_id_operation_log_id_fk" FOREIGN KEY ("operation_log_id") REFERENCES "public"."operation_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_activation_lock" ADD CONSTRAINT "ios_activation_lock_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abm_device_store_serial_key" ON "abm_device" USING btree ("store_id","serial_number");--> statement-breakpoint
CREATE INDEX "abm_device_store_updated_idx" ON "abm_device" USING btree ("store_id","date_updated" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "abm_server_due_idx" ON "abm_server" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "ios_os_update_watch_check_idx" ON "ios_os_update_watch" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "ios_os_update_watch_poll_idx" ON "ios_os_update_watch" USING btree ("next_poll_at") WHERE next_poll_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "one_click_unlock_run_active_key" ON "one_click_unlock_run" USING btree ("device_id") WHERE status in ('running', 'failed');--> statement-breakpoint
CREATE INDEX "one_click_unlock_run_running_idx" ON "one_click_unlock_run" USING btree ("date_updated") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "one_click_unlock_run_device_idx" ON "one_click_unlock_run" USING btree ("device_id","date_created");--> statement-breakpoint
CREATE INDEX "ios_device_trust_until_idx" ON "ios_device" USING btree ("enterprise_app_trust_until") WHERE "ios_device"."enterprise_app_trust_until" is not null;