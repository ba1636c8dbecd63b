DROP INDEX "operation_log_scheduled_idx";--> statement-breakpoint
DROP INDEX "android_device_count_idx";--> statement-breakpoint
DROP INDEX "android_command_pending_idx";--> statement-breakpoint
CREATE INDEX "operation_log_scheduled_idx" ON "operation_log" USING btree ("scheduled_at") WHERE scheduled_at is not null;--> statement-breakpoint
CREATE INDEX "android_device_count_idx" ON "android_device" USING btree ("for_store","archived","last_active_time");--> statement-breakpoint
CREATE INDEX "android_command_pending_idx" ON "android_command" USING btree ("device_id","created_at") WHERE completed_at is null;--> statement-breakpoint
-- Pending means "no completed_at" from now on (android_command_pending_check): rows that disagree are set by their
-- status, which was the rule until now.
UPDATE "android_command" SET "completed_at" = "created_at" WHERE "completed_at" IS NULL AND "status" NOT IN ('queued', 'sent');--> statement-breakpoint
UPDATE "android_command" SET "completed_at" = NULL WHERE "completed_at" IS NOT NULL AND "status" IN ('queued', 'sent');--> statement-breakpoint
ALTER TABLE "android_command" ADD CONSTRAINT "android_command_pending_check" CHECK ((completed_at is null) = (status in ('queued', 'sent')));--> statement-breakpoint
-- Room on each page for a row's next version, so a lock's writes stay on the row's page (HOT). Pages already
-- full gain it as their rows move; no table rewrite is forced here.
ALTER TABLE "android_device" SET (fillfactor = 80);
