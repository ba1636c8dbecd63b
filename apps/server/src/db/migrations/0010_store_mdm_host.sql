CREATE TABLE "store_site" (
	"for_store" uuid PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"hide_login_page_logo" boolean DEFAULT false NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "mdm_host" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "mdm_api_key_cipher" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "payload_prefix" text;--> statement-breakpoint
ALTER TABLE "store_site" ADD CONSTRAINT "store_site_for_store_store_id_fk" FOREIGN KEY ("for_store") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_mdm_host_key" ON "store" USING btree ("mdm_host");
