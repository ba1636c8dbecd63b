DROP INDEX "ios_device_list_reg_idx";--> statement-breakpoint
DROP INDEX "ios_device_list_active_idx";--> statement-breakpoint
DROP INDEX "ios_device_clerk_idx";--> statement-breakpoint
DROP INDEX "android_device_list_reg_idx";--> statement-breakpoint
DROP INDEX "android_device_list_active_idx";--> statement-breakpoint
DROP INDEX "android_device_clerk_idx";--> statement-breakpoint
CREATE INDEX "ios_device_list_reg_idx" ON "ios_device" USING btree ("for_store","recycled_status","registration_time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ios_device_list_active_idx" ON "ios_device" USING btree ("for_store","recycled_status","last_active_time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ios_device_clerk_idx" ON "ios_device" USING btree ("for_store","for_clerk","recycled_status","registration_time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "android_device_list_reg_idx" ON "android_device" USING btree ("for_store","archived","registration_time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "android_device_list_active_idx" ON "android_device" USING btree ("for_store","archived","last_active_time" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "android_device_clerk_idx" ON "android_device" USING btree ("for_store","for_clerk","archived","registration_time" DESC NULLS LAST,"id" DESC NULLS FIRST);