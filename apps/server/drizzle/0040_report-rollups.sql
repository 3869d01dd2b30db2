CREATE TABLE "reorder_levels" (
	"item_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "reorder_levels_item_id_branch_id_pk" PRIMARY KEY("item_id","branch_id"),
	CONSTRAINT "reorder_levels_level_check" CHECK ("reorder_levels"."level" > 0)
);
--> statement-breakpoint
CREATE TABLE "report_daily_sales" (
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"invoiced_taxable_paise" bigint DEFAULT 0 NOT NULL,
	"invoiced_tax_paise" bigint DEFAULT 0 NOT NULL,
	"invoiced_total_paise" bigint DEFAULT 0 NOT NULL,
	"collected_cash_paise" bigint DEFAULT 0 NOT NULL,
	"collected_upi_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_sales_branch_id_day_pk" PRIMARY KEY("branch_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_daily_technician" (
	"technician_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"approved" integer DEFAULT 0 NOT NULL,
	"minutes_on_job" bigint DEFAULT 0 NOT NULL,
	"completed_then_complained" integer DEFAULT 0 NOT NULL,
	"billed_paise" bigint DEFAULT 0 NOT NULL,
	"transfers" integer DEFAULT 0 NOT NULL,
	"rejections" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_technician_branch_id_day_technician_id_pk" PRIMARY KEY("branch_id","day","technician_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_work" (
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"project_type" text NOT NULL,
	"project_category" text NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_work_branch_id_day_project_type_project_category_pk" PRIMARY KEY("branch_id","day","project_type","project_category")
);
--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_levels" ADD CONSTRAINT "reorder_levels_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_sales" ADD CONSTRAINT "report_daily_sales_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_technician" ADD CONSTRAINT "report_daily_technician_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_daily_work" ADD CONSTRAINT "report_daily_work_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reorder_levels_branch_idx" ON "reorder_levels" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "report_daily_sales_day_idx" ON "report_daily_sales" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_daily_technician_day_idx" ON "report_daily_technician" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_daily_work_day_idx" ON "report_daily_work" USING btree ("day");