CREATE TABLE "sms_proof_spent" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_check" ADD COLUMN "code_id" bigint;--> statement-breakpoint
CREATE INDEX "sms_check_code_idx" ON "sms_check" USING btree ("code_id","ip");