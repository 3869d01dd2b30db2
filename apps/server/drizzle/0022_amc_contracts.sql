CREATE TYPE "public"."amc_billing" AS ENUM('upfront', 'instalments');--> statement-breakpoint
CREATE TYPE "public"."amc_coverage" AS ENUM('labour', 'labour-and-parts');--> statement-breakpoint
CREATE TYPE "public"."amc_status" AS ENUM('draft', 'active', 'expired', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."project_category" ADD VALUE 'Maintenance';--> statement-breakpoint
CREATE SEQUENCE "public"."amc_contract_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "amc_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_number" text NOT NULL,
	"branch_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"work_order_id" uuid,
	"serial_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"project_type" text NOT NULL,
	"start_date" date NOT NULL,
	"term_months" integer DEFAULT 12 NOT NULL,
	"visits_per_term" integer NOT NULL,
	"end_date" date NOT NULL,
	"price_paise" bigint NOT NULL,
	"price_includes_tax" boolean DEFAULT false NOT NULL,
	"gst_rate_bp" integer DEFAULT 1800 NOT NULL,
	"hsn_sac" text DEFAULT '9987' NOT NULL,
	"coverage" "amc_coverage" DEFAULT 'labour' NOT NULL,
	"covered_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billing" "amc_billing" DEFAULT 'upfront' NOT NULL,
	"status" "amc_status" DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"renewed_from_id" uuid,
	"activated_at" timestamp with time zone,
	"activated_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancellation_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amc_contracts_term_check" CHECK ("amc_contracts"."term_months" between 1 and 60),
	CONSTRAINT "amc_contracts_visits_check" CHECK ("amc_contracts"."visits_per_term" >= 1 and "amc_contracts"."term_months" % "amc_contracts"."visits_per_term" = 0),
	CONSTRAINT "amc_contracts_price_check" CHECK ("amc_contracts"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "amc_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"instalment" integer NOT NULL,
	"instalments" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_kind" "invoice_kind" NOT NULL,
	"invoice_date" text NOT NULL,
	"financial_year" integer NOT NULL,
	"place_of_supply" text,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"description" text NOT NULL,
	"hsn_sac" text NOT NULL,
	"gst_rate_bp" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"round_off_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amc_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"moved_from" date,
	"move_reason" text,
	"moved_by" uuid,
	"moved_at" timestamp with time zone,
	"work_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_renewed_from_id_amc_contracts_id_fk" FOREIGN KEY ("renewed_from_id") REFERENCES "public"."amc_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD CONSTRAINT "amc_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_invoices" ADD CONSTRAINT "amc_invoices_contract_id_amc_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."amc_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_invoices" ADD CONSTRAINT "amc_invoices_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_invoices" ADD CONSTRAINT "amc_invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD CONSTRAINT "amc_visits_contract_id_amc_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."amc_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD CONSTRAINT "amc_visits_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD CONSTRAINT "amc_visits_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD CONSTRAINT "amc_visits_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amc_contracts_number_key" ON "amc_contracts" USING btree ("contract_number");--> statement-breakpoint
CREATE UNIQUE INDEX "amc_contracts_renewed_from_key" ON "amc_contracts" USING btree ("renewed_from_id") WHERE "amc_contracts"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "amc_contracts_branch_status_end_idx" ON "amc_contracts" USING btree ("branch_id","status","end_date");--> statement-breakpoint
CREATE INDEX "amc_contracts_status_end_idx" ON "amc_contracts" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "amc_contracts_customer_idx" ON "amc_contracts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amc_invoices_contract_instalment_key" ON "amc_invoices" USING btree ("contract_id","instalment");--> statement-breakpoint
CREATE UNIQUE INDEX "amc_invoices_number_key" ON "amc_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "amc_invoices_branch_date_idx" ON "amc_invoices" USING btree ("branch_id","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "amc_visits_contract_number_key" ON "amc_visits" USING btree ("contract_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "amc_visits_work_order_key" ON "amc_visits" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "amc_visits_unopened_due_idx" ON "amc_visits" USING btree ("due_date") WHERE "amc_visits"."work_order_id" is null;--> statement-breakpoint
CREATE INDEX "amc_visits_branch_due_idx" ON "amc_visits" USING btree ("branch_id","due_date");