CREATE TYPE "public"."warranty_replacement_status" AS ENUM('pending', 'approved', 'replaced');--> statement-breakpoint
ALTER TYPE "public"."stock_location" ADD VALUE 'faulty';--> statement-breakpoint
CREATE TABLE "warranty_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"replacement_id" uuid NOT NULL,
	"faulty_serial_number" text NOT NULL,
	"issue_description" text NOT NULL,
	"issue_checked_by" text NOT NULL,
	"reported_by" uuid,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replacement_serial_number" text,
	"replaced_by" uuid,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "warranty_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"replacement_serial_number" text,
	"item_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"status" "warranty_replacement_status" DEFAULT 'pending' NOT NULL,
	"registered_by" uuid,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "serial_units" DROP CONSTRAINT "serial_units_one_place";--> statement-breakpoint
ALTER TABLE "serial_units" ADD COLUMN "installed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "serial_units" ADD COLUMN "installed_by" uuid;--> statement-breakpoint
ALTER TABLE "warranty_issues" ADD CONSTRAINT "warranty_issues_replacement_id_warranty_replacements_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."warranty_replacements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_issues" ADD CONSTRAINT "warranty_issues_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_issues" ADD CONSTRAINT "warranty_issues_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_replacements" ADD CONSTRAINT "warranty_replacements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_replacements" ADD CONSTRAINT "warranty_replacements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_replacements" ADD CONSTRAINT "warranty_replacements_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_replacements" ADD CONSTRAINT "warranty_replacements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_replacements" ADD CONSTRAINT "warranty_replacements_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_issues_replacement_idx" ON "warranty_issues" USING btree ("replacement_id","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_issues_replacement_serial_key" ON "warranty_issues" USING btree ("replacement_serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "warranty_replacements_serial_key" ON "warranty_replacements" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "warranty_replacements_replacement_idx" ON "warranty_replacements" USING btree ("replacement_serial_number");--> statement-breakpoint
CREATE INDEX "warranty_replacements_branch_idx" ON "warranty_replacements" USING btree ("branch_id","registered_at");--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_installed_by_users_id_fk" FOREIGN KEY ("installed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_one_place" CHECK (("serial_units"."location" = 'branch' and "serial_units"."branch_id" is not null and "serial_units"."technician_id" is null and "serial_units"."return_id" is null)
       or ("serial_units"."location" = 'technician' and "serial_units"."technician_id" is not null and "serial_units"."return_id" is null)
       or ("serial_units"."location" = 'pending-return' and "serial_units"."technician_id" is not null and "serial_units"."return_id" is not null)
       or ("serial_units"."location"::text = 'customer' and "serial_units"."work_order_id" is not null and "serial_units"."customer_id" is not null and "serial_units"."branch_id" is null and "serial_units"."technician_id" is null and "serial_units"."return_id" is null)
       or ("serial_units"."location"::text = 'faulty' and "serial_units"."branch_id" is not null and "serial_units"."technician_id" is null and "serial_units"."return_id" is null));--> statement-breakpoint
-- A unit billed before this migration began its warranty when its bill was confirmed.
UPDATE "serial_units" SET "installed_at" = "bills"."paid_at", "installed_by" = "bills"."technician_id" FROM "bills" WHERE "serial_units"."bill_id" = "bills"."id" AND "serial_units"."installed_at" IS NULL;
