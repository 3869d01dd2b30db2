CREATE TYPE "public"."invoice_kind" AS ENUM('tax-invoice', 'bill-of-supply');--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"receipt_number" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" "payment_method" NOT NULL,
	"transaction_id" text,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_positive" CHECK ("bill_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "business_profile" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"trade_name" text DEFAULT '' NOT NULL,
	"logo" text,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gst_registered" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profile_singleton" CHECK ("business_profile"."singleton")
);
--> statement-breakpoint
CREATE TABLE "document_number_counters" (
	"branch_id" uuid NOT NULL,
	"financial_year" integer NOT NULL,
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_number_counters_branch_id_financial_year_series_pk" PRIMARY KEY("branch_id","financial_year","series")
);
--> statement-breakpoint
CREATE TABLE "gst_rates" (
	"rate_bp" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "hsn_sac" text;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "price_includes_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "warranty" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "taxable_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "invoice_kind" "invoice_kind";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "invoice_date" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "financial_year" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "supplier" jsonb;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "taxable_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "round_off_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "invoice_prefix" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "hsn_sac" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "price_includes_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "site_address" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "site_state_code" text;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_number_counters" ADD CONSTRAINT "document_number_counters_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_receipt_number_key" ON "bill_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_transaction_key" ON "bill_payments" USING btree ("transaction_id") WHERE "bill_payments"."transaction_id" is not null;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_invoice_number_key" ON "bills" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "bills_open_dues_idx" ON "bills" USING btree ("invoice_date") WHERE "bills"."paid_at" is not null and "bills"."cancelled_at" is null and "bills"."paid_paise" < "bills"."total_paise";--> statement-breakpoint
CREATE INDEX "bills_invoice_date_idx" ON "bills" USING btree ("invoice_date") WHERE "bills"."invoice_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_invoice_prefix_key" ON "branches" USING btree ("invoice_prefix");--> statement-breakpoint
INSERT INTO "gst_rates" ("rate_bp") VALUES (0), (500), (1200), (1800), (2800);--> statement-breakpoint
UPDATE "bill_lines" SET "taxable_paise" = "amount_paise";--> statement-breakpoint
UPDATE "bills" SET "taxable_paise" = "total_paise",
  "invoice_date" = CASE WHEN "paid_at" IS NULL THEN NULL
    ELSE to_char(("paid_at" AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD') END;--> statement-breakpoint
INSERT INTO "bill_payments" ("bill_id", "receipt_number", "amount_paise", "method", "transaction_id", "received_by", "received_at")
  SELECT "id", 'R-' || "bill_number", "paid_paise", coalesce("payment_method", 'cash'), "transaction_id", "confirmed_by", "paid_at"
  FROM "bills" WHERE "paid_at" IS NOT NULL AND "paid_paise" > 0 AND "bill_number" IS NOT NULL
  ON CONFLICT DO NOTHING;
