ALTER TABLE "mdm_enrollment" ADD COLUMN "renewal_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_enrollment" ADD COLUMN "renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mdm_identity" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scep_challenge" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;