ALTER TABLE "ios_device" ADD COLUMN "wallpaper_allow_modify" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "dns_setting_status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "enterprise_app_trust_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "os_update_progress" jsonb;