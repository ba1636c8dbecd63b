CREATE TABLE "ddm_declaration" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid,
	"device_id" uuid,
	"identifier" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"server_token" text NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddm_declaration_one_scope" CHECK (("ddm_declaration"."store_id" is null) <> ("ddm_declaration"."device_id" is null))
);
--> statement-breakpoint
CREATE TABLE "ddm_declaration_status" (
	"device_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"kind" text NOT NULL,
	"server_token" text NOT NULL,
	"active" boolean NOT NULL,
	"valid" text NOT NULL,
	"reasons" jsonb,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddm_declaration_status_device_id_identifier_pk" PRIMARY KEY("device_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "ddm_device" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"synced_token" text,
	"synced_at" timestamp with time zone,
	"announced_token" text,
	"refused_token" text,
	"refusal" jsonb,
	"last_status_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ddm_status_item" (
	"device_id" uuid NOT NULL,
	"path" text NOT NULL,
	"value" jsonb NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ddm_status_item_device_id_path_pk" PRIMARY KEY("device_id","path")
);
--> statement-breakpoint
CREATE TABLE "ddm_status_report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"report" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ios_store_update_policy" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"deferral_days" integer,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "lock_intent" jsonb;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "lost_mode_reported" boolean;--> statement-breakpoint
ALTER TABLE "ios_device" ADD COLUMN "battery_health" text;--> statement-breakpoint
ALTER TABLE "ios_os_update_watch" ADD COLUMN "follow_store" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ios_os_update_watch" ADD COLUMN "deferral_days" integer;--> statement-breakpoint
ALTER TABLE "ios_os_update_watch" ADD COLUMN "list_source" text;--> statement-breakpoint
ALTER TABLE "ios_os_update_watch" ADD COLUMN "list_live" boolean;--> statement-breakpoint
ALTER TABLE "ios_os_update_watch" ADD COLUMN "list_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ddm_declaration" ADD CONSTRAINT "ddm_declaration_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddm_declaration" ADD CONSTRAINT "ddm_declaration_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddm_declaration_status" ADD CONSTRAINT "ddm_declaration_status_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddm_device" ADD CONSTRAINT "ddm_device_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddm_status_item" ADD CONSTRAINT "ddm_status_item_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ddm_status_report" ADD CONSTRAINT "ddm_status_report_device_id_ios_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."ios_device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ios_store_update_policy" ADD CONSTRAINT "ios_store_update_policy_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ddm_declaration_store_key" ON "ddm_declaration" USING btree ("store_id","identifier") WHERE "ddm_declaration"."store_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ddm_declaration_device_key" ON "ddm_declaration" USING btree ("device_id","identifier") WHERE "ddm_declaration"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "ddm_status_report_device_idx" ON "ddm_status_report" USING btree ("device_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ddm_status_report_time_idx" ON "ddm_status_report" USING btree ("received_at");--> statement-breakpoint
-- Phones locked before the intent existed keep their lock: the intent is their latest console lock's lock screen.
UPDATE "ios_device" d SET "lock_intent" = jsonb_strip_nulls(jsonb_build_object(
  'message', coalesce(o.detail->>'message', ''), 'phone_number', nullif(o.detail->>'phone_number', ''),
  'footnote', nullif(o.detail->>'footnote', ''), 'since', to_char(o.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
FROM (
  SELECT DISTINCT ON (device_id) device_id, detail, date_created FROM "operation_log"
  WHERE platform = 'ios' AND action = 'lock' AND device_id IS NOT NULL
  ORDER BY device_id, date_created DESC
) o
WHERE o.device_id = d.id AND d.lock_status IN (1, 2);--> statement-breakpoint
-- What the phones last confirmed, as far as the shown state knows: 已锁定 and 解锁中 phones had acknowledged Lost Mode.
UPDATE "ios_device" SET "lost_mode_reported" = ("lock_status" IN (2, 3));
