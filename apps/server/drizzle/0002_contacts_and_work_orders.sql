CREATE TYPE "public"."lead_status" AS ENUM('positive', 'neutral', 'negative');--> statement-breakpoint
CREATE TYPE "public"."project_category" AS ENUM('New Installation', 'Repair');--> statement-breakpoint
CREATE TYPE "public"."work_order_status" AS ENUM('pending', 'assigned', 'in-progress', 'paused', 'pending-approval', 'transferring', 'transferred', 'completed');--> statement-breakpoint
CREATE SEQUENCE "public"."project_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."work_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"phone_normalized" text NOT NULL,
	"phone_national" text NOT NULL,
	"whatsapp_number" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"age" integer,
	"branch_id" uuid NOT NULL,
	"created_by" uuid,
	"status" "entity_status" DEFAULT 'active' NOT NULL,
	"converted_from_lead" boolean DEFAULT false NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_remarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"text" text NOT NULL,
	"status" "lead_status" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"phone_normalized" text NOT NULL,
	"phone_national" text NOT NULL,
	"whatsapp_number" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"age" integer,
	"branch_id" uuid NOT NULL,
	"created_by" uuid,
	"status" "lead_status" DEFAULT 'neutral' NOT NULL,
	"initial_remark" text DEFAULT '' NOT NULL,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"project_id" text NOT NULL,
	"project_type" text NOT NULL,
	"project_category" "project_category" DEFAULT 'New Installation' NOT NULL,
	"status" "work_order_status" DEFAULT 'pending' NOT NULL,
	"customer_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"technician_id" uuid,
	"original_technician_id" uuid,
	"existing_project_id" uuid,
	"initial_remark" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_remarks" ADD CONSTRAINT "lead_remarks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_remarks" ADD CONSTRAINT "lead_remarks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_history" ADD CONSTRAINT "work_order_status_history_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_original_technician_id_users_id_fk" FOREIGN KEY ("original_technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_existing_project_id_work_orders_id_fk" FOREIGN KEY ("existing_project_id") REFERENCES "public"."work_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_lead_key" ON "customers" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "customers_branch_updated_idx" ON "customers" USING btree ("branch_id","updated_at");--> statement-breakpoint
CREATE INDEX "customers_updated_idx" ON "customers" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "customers_phone_national_idx" ON "customers" USING btree ("phone_national" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_national_rev_idx" ON "customers" USING btree (reverse("phone_national") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "lead_remarks_lead_idx" ON "lead_remarks" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_open_branch_updated_idx" ON "leads" USING btree ("branch_id","updated_at") WHERE "leads"."converted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_updated_idx" ON "leads" USING btree ("updated_at") WHERE "leads"."converted_at" is null;--> statement-breakpoint
CREATE INDEX "leads_phone_national_idx" ON "leads" USING btree ("phone_national" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_phone_national_rev_idx" ON "leads" USING btree (reverse("phone_national") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_name_idx" ON "leads" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_order_status_history_order_idx" ON "work_order_status_history" USING btree ("work_order_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_order_id_key" ON "work_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "work_orders_project_id_idx" ON "work_orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "work_orders_customer_idx" ON "work_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_branch_status_idx" ON "work_orders" USING btree ("branch_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_technician_status_idx" ON "work_orders" USING btree ("technician_id","status");