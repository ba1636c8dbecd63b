ALTER TABLE "mdm_enrollment" ADD COLUMN "push_error" text;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD COLUMN "push_error_at" timestamp with time zone;