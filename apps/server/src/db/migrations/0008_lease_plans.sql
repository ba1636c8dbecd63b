CREATE TABLE "lease_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"period_index" integer NOT NULL,
	"step" text NOT NULL,
	"step_key" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"operation_log_id" uuid,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"clerk_id" uuid,
	"note" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"source" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"method" text,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"clerk_id" uuid,
	"idempotency_key" text,
	"idempotency_fingerprint" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"device_id" uuid NOT NULL,
	"clerk_id" uuid,
	"start_date" date NOT NULL,
	"periods" integer NOT NULL,
	"period" text NOT NULL,
	"day_of_month" smallint,
	"due_dates" date[] NOT NULL,
	"amount_fen" integer NOT NULL,
	"deposit_fen" integer DEFAULT 0 NOT NULL,
	"policy_override" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"promise_until" date,
	"locked_for_arrears_at" timestamp with time zone,
	"release_offered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_fen" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'current' NOT NULL,
	"paid_periods" integer DEFAULT 0 NOT NULL,
	"next_due_date" date,
	"amount_overdue_fen" integer DEFAULT 0 NOT NULL,
	"days_overdue" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"last_contact_note" text DEFAULT '' NOT NULL,
	"last_contact_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_policy" (
	"store_id" uuid PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "android_device" ADD COLUMN "lease_offline" jsonb;--> statement-breakpoint
ALTER TABLE "lease_action" ADD CONSTRAINT "lease_action_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_action" ADD CONSTRAINT "lease_action_plan_id_lease_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."lease_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_contact" ADD CONSTRAINT "lease_contact_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_contact" ADD CONSTRAINT "lease_contact_plan_id_lease_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."lease_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_contact" ADD CONSTRAINT "lease_contact_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_ledger" ADD CONSTRAINT "lease_ledger_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_ledger" ADD CONSTRAINT "lease_ledger_plan_id_lease_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."lease_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_ledger" ADD CONSTRAINT "lease_ledger_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_plan" ADD CONSTRAINT "lease_plan_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_plan" ADD CONSTRAINT "lease_plan_clerk_id_clerk_id_fk" FOREIGN KEY ("clerk_id") REFERENCES "public"."clerk"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_policy" ADD CONSTRAINT "lease_policy_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_action_once_key" ON "lease_action" USING btree ("plan_id","period_index","step","step_key");--> statement-breakpoint
CREATE INDEX "lease_action_pending_idx" ON "lease_action" USING btree ("date_created") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "lease_action_plan_idx" ON "lease_action" USING btree ("plan_id","date_created");--> statement-breakpoint
CREATE INDEX "lease_contact_plan_idx" ON "lease_contact" USING btree ("plan_id","date_created");--> statement-breakpoint
CREATE INDEX "lease_ledger_plan_idx" ON "lease_ledger" USING btree ("plan_id","paid_at");--> statement-breakpoint
CREATE INDEX "lease_ledger_store_paid_idx" ON "lease_ledger" USING btree ("store_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_ledger_idempotency_key" ON "lease_ledger" USING btree ("store_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_plan_device_key" ON "lease_plan" USING btree ("platform","device_id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "lease_plan_store_status_idx" ON "lease_plan" USING btree ("store_id","status","days_overdue" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lease_plan_check_idx" ON "lease_plan" USING btree ("next_check_at") WHERE cancelled_at is null and status <> 'paid_off';