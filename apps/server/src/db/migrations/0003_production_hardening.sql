CREATE TABLE "sms_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
CREATE INDEX "sms_check_phone_idx" ON "sms_check" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "sms_check_ip_idx" ON "sms_check" USING btree ("ip","created_at");