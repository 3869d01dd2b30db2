CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"branch_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_default_durations" (
	"project_type" text NOT NULL,
	"project_category" "project_category" NOT NULL,
	"minutes" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_default_durations_project_type_project_category_pk" PRIMARY KEY("project_type","project_category"),
	CONSTRAINT "schedule_default_durations_minutes" CHECK ("schedule_default_durations"."minutes" > 0 and "schedule_default_durations"."minutes" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_default_durations" ADD CONSTRAINT "schedule_default_durations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_branch_idx" ON "live_events" USING btree ("branch_id","id");--> statement-breakpoint
CREATE INDEX "live_events_at_idx" ON "live_events" USING btree ("at");