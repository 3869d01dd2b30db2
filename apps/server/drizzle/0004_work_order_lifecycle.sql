CREATE TYPE "public"."bill_payment_status" AS ENUM('paid', 'partial', 'unpaid');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('online', 'cash');--> statement-breakpoint
ALTER TYPE "public"."work_order_status" ADD VALUE 'rejected';--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_number" text NOT NULL,
	"work_order_id" uuid NOT NULL,
	"technician_id" uuid,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"payment_status" "bill_payment_status" DEFAULT 'unpaid' NOT NULL,
	"payment_method" "payment_method",
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "bills_paid_within_total" CHECK ("bills"."paid_paise" >= 0 and "bills"."paid_paise" <= "bills"."total_paise")
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "transferred_from_id" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_bill_number_key" ON "bills" USING btree ("bill_number");--> statement-breakpoint
CREATE INDEX "bills_work_order_idx" ON "bills" USING btree ("work_order_id","created_at");--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_transferred_from_id_work_orders_id_fk" FOREIGN KEY ("transferred_from_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_one_in_progress_per_technician" ON "work_orders" USING btree ("technician_id") WHERE "work_orders"."status" = 'in-progress';