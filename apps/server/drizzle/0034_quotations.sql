CREATE TABLE "quotation_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"project_type" text NOT NULL,
	"options" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"site_state_code" text,
	"taxing" jsonb NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"lead_id" uuid,
	"customer_id" uuid,
	"number" text,
	"financial_year" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"project_type" text NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"sent_version" integer,
	"token" text,
	"valid_until" date NOT NULL,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_option" integer,
	"accepted_optional_line_ids" jsonb,
	"accepted_signature" text,
	"accepted_ip" text,
	"accepted_total_paise" bigint,
	"accepted_version" integer,
	"response_kind" text,
	"response_note" text,
	"responded_at" timestamp with time zone,
	"work_order_id" uuid,
	"advance_paise" bigint,
	"advance_transaction_id" text,
	"advance_confirmed_at" timestamp with time zone,
	"advance_confirmed_by" uuid,
	"advance_bill_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_contact" CHECK ("quotations"."lead_id" is not null or "quotations"."customer_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "work_order_planned_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"quotation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line_id" text NOT NULL,
	"item_id" uuid,
	"item_code" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"unit" text NOT NULL,
	"hsn_sac" text,
	"gst_rate_bp" integer,
	"price_includes_tax" boolean NOT NULL,
	"quantity" double precision NOT NULL,
	"price_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"net_amount_paise" bigint NOT NULL,
	"net_unit_paise" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "quote_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_advance_confirmed_by_users_id_fk" FOREIGN KEY ("advance_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_advance_bill_id_bills_id_fk" FOREIGN KEY ("advance_bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_planned_items" ADD CONSTRAINT "work_order_planned_items_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_planned_items" ADD CONSTRAINT "work_order_planned_items_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_planned_items" ADD CONSTRAINT "work_order_planned_items_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_key" ON "quotation_versions" USING btree ("quotation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_number_key" ON "quotations" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_token_key" ON "quotations" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_advance_transaction_key" ON "quotations" USING btree ("advance_transaction_id");--> statement-breakpoint
CREATE INDEX "quotations_branch_created_idx" ON "quotations" USING btree ("branch_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_branch_status_created_idx" ON "quotations" USING btree ("branch_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_status_created_idx" ON "quotations" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotations_open_valid_until_idx" ON "quotations" USING btree ("branch_id","valid_until") WHERE "quotations"."status" in ('sent', 'viewed', 'changes-requested');--> statement-breakpoint
CREATE INDEX "quotations_lead_idx" ON "quotations" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "quotations_customer_idx" ON "quotations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "quotations_work_order_idx" ON "quotations" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_planned_items_order_idx" ON "work_order_planned_items" USING btree ("work_order_id","position");--> statement-breakpoint
CREATE INDEX "work_order_planned_items_quotation_idx" ON "work_order_planned_items" USING btree ("quotation_id");