-- The header search (GET /api/search/devices) and the lists' partial hirer phone match fragments anywhere in a
-- field: trigram GIN indexes. pg_trgm is a trusted extension (PostgreSQL 13+), so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "enroll_short_link" (
	"code" text PRIMARY KEY NOT NULL,
	"for_store" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enroll_short_link" ADD CONSTRAINT "enroll_short_link_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enroll_short_link_device_idx" ON "enroll_short_link" USING btree ("for_store","serial_number","issued_at");--> statement-breakpoint
CREATE INDEX "ios_device_search_ids_trgm_idx" ON "ios_device" USING gin (("hirer_phone_number" || ' ' || "serial_number" || ' ' || "imei_1" || ' ' || "imei_2") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ios_device_search_words_trgm_idx" ON "ios_device" USING gin (("hirer_name" || ' ' || "remark") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "android_device_search_ids_trgm_idx" ON "android_device" USING gin (("hirer_phone_number" || ' ' || "serial_number" || ' ' || "imei_1" || ' ' || "imei_2") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "android_device_search_words_trgm_idx" ON "android_device" USING gin (("hirer_name" || ' ' || "remark") gin_trgm_ops);
