CREATE TABLE "complaint_clocks" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"source" text NOT NULL,
	"coverage" text NOT NULL,
	"serial_number" text,
	"installation_id" uuid,
	"amc_contract_id" uuid,
	"target_hours" integer NOT NULL,
	"counting" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"at_risk_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	CONSTRAINT "complaint_clocks_source_check" CHECK ("complaint_clocks"."source" in ('unit-page', 'status-page', 'desk', 'whatsapp')),
	CONSTRAINT "complaint_clocks_coverage_check" CHECK ("complaint_clocks"."coverage" in ('amc', 'warranty', 'chargeable'))
);
--> statement-breakpoint
CREATE TABLE "complaint_sla_settings" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"amc_hours" integer NOT NULL,
	"warranty_hours" integer NOT NULL,
	"chargeable_hours" integer NOT NULL,
	"counting" text DEFAULT 'working' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_sla_settings_hours_check" CHECK ("complaint_sla_settings"."amc_hours" between 1 and 720 and "complaint_sla_settings"."warranty_hours" between 1 and 720 and "complaint_sla_settings"."chargeable_hours" between 1 and 720),
	CONSTRAINT "complaint_sla_settings_counting_check" CHECK ("complaint_sla_settings"."counting" in ('working', 'calendar'))
);
--> statement-breakpoint
CREATE TABLE "unit_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"serial_number" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "amc_contracts" ADD COLUMN "sla_hours" integer;--> statement-breakpoint
ALTER TABLE "complaint_clocks" ADD CONSTRAINT "complaint_clocks_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_clocks" ADD CONSTRAINT "complaint_clocks_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_clocks" ADD CONSTRAINT "complaint_clocks_installation_id_work_orders_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_clocks" ADD CONSTRAINT "complaint_clocks_amc_contract_id_amc_contracts_id_fk" FOREIGN KEY ("amc_contract_id") REFERENCES "public"."amc_contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sla_settings" ADD CONSTRAINT "complaint_sla_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_sla_settings" ADD CONSTRAINT "complaint_sla_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_links" ADD CONSTRAINT "unit_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_clocks_branch_opened_idx" ON "complaint_clocks" USING btree ("branch_id","opened_at");--> statement-breakpoint
CREATE INDEX "complaint_clocks_running_idx" ON "complaint_clocks" USING btree ("branch_id","at_risk_at") WHERE "complaint_clocks"."started_at" is null;--> statement-breakpoint
CREATE INDEX "complaint_clocks_serial_idx" ON "complaint_clocks" USING btree ("serial_number","opened_at");--> statement-breakpoint
CREATE INDEX "complaint_clocks_installation_idx" ON "complaint_clocks" USING btree ("installation_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_links_token_key" ON "unit_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_links_serial_key" ON "unit_links" USING btree ("serial_number");