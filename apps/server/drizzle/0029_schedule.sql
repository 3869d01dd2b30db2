CREATE TABLE "branch_working_hours" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technician_leave" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_leave_ends_after_start" CHECK ("technician_leave"."ends_at" > "technician_leave"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "work_order_schedules" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"technician_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"window_start" text,
	"window_end" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_schedules_times" CHECK (("work_order_schedules"."starts_at" is null and "work_order_schedules"."ends_at" is null) or ("work_order_schedules"."ends_at" > "work_order_schedules"."starts_at" and "work_order_schedules"."technician_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "branch_working_hours" ADD CONSTRAINT "branch_working_hours_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_working_hours" ADD CONSTRAINT "branch_working_hours_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_leave" ADD CONSTRAINT "technician_leave_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_leave" ADD CONSTRAINT "technician_leave_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_leave" ADD CONSTRAINT "technician_leave_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_schedules" ADD CONSTRAINT "work_order_schedules_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_schedules" ADD CONSTRAINT "work_order_schedules_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_schedules" ADD CONSTRAINT "work_order_schedules_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_schedules" ADD CONSTRAINT "work_order_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technician_leave_technician_idx" ON "technician_leave" USING btree ("technician_id","starts_at");--> statement-breakpoint
CREATE INDEX "technician_leave_branch_idx" ON "technician_leave" USING btree ("branch_id","starts_at");--> statement-breakpoint
CREATE INDEX "work_order_schedules_branch_start_idx" ON "work_order_schedules" USING btree ("branch_id","starts_at") WHERE "work_order_schedules"."starts_at" is not null;--> statement-breakpoint
CREATE INDEX "work_order_schedules_technician_start_idx" ON "work_order_schedules" USING btree ("technician_id","starts_at") WHERE "work_order_schedules"."starts_at" is not null;