ALTER TYPE "public"."stock_location" ADD VALUE 'customer';--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "inventory_item_type" NOT NULL,
	"unit" text NOT NULL,
	"serial_number" text,
	"quantity" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "bill_lines_quantity_positive" CHECK ("bill_lines"."quantity" > 0),
	CONSTRAINT "bill_lines_serial_is_one" CHECK ("bill_lines"."serial_number" is null or "bill_lines"."quantity" = 1)
);
--> statement-breakpoint
CREATE TABLE "bill_number_counters" (
	"branch_code" text NOT NULL,
	"day" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "bill_number_counters_branch_code_day_pk" PRIMARY KEY("branch_code","day")
);
--> statement-breakpoint
ALTER TABLE "serial_units" DROP CONSTRAINT "serial_units_one_place";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "upi_vpa" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "upi_name" text;--> statement-breakpoint
ALTER TABLE "serial_units" ADD COLUMN "work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "serial_units" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "serial_units" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "work_order_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("bill_id","position");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_technician_idx" ON "bills" USING btree ("technician_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_created_idx" ON "bills" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_confirmed_or_rejected" CHECK ("bills"."paid_at" is null or "bills"."rejected_at" is null);--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_one_place" CHECK (("serial_units"."location" = 'branch' and "serial_units"."branch_id" is not null and "serial_units"."technician_id" is null and "serial_units"."return_id" is null)
       or ("serial_units"."location" = 'technician' and "serial_units"."technician_id" is not null and "serial_units"."return_id" is null)
       or ("serial_units"."location" = 'pending-return' and "serial_units"."technician_id" is not null and "serial_units"."return_id" is not null)
       or ("serial_units"."location"::text = 'customer' and "serial_units"."work_order_id" is not null and "serial_units"."customer_id" is not null and "serial_units"."branch_id" is null and "serial_units"."technician_id" is null and "serial_units"."return_id" is null));