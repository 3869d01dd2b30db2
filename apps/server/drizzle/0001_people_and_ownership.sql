CREATE TYPE "public"."transfer_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "ownership_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"old_manager_id" uuid NOT NULL,
	"new_manager_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "transfer_status" DEFAULT 'pending' NOT NULL,
	"response_message" text,
	"reject_reason" text,
	"responded_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_old_manager_id_users_id_fk" FOREIGN KEY ("old_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_transfers" ADD CONSTRAINT "ownership_transfers_new_manager_id_users_id_fk" FOREIGN KEY ("new_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_transfers_one_pending_per_branch" ON "ownership_transfers" USING btree ("branch_id") WHERE "ownership_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ownership_transfers_new_manager_idx" ON "ownership_transfers" USING btree ("new_manager_id","status");--> statement-breakpoint
CREATE INDEX "ownership_transfers_old_manager_idx" ON "ownership_transfers" USING btree ("old_manager_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner_per_branch" ON "users" USING btree ("branch_id") WHERE "users"."role" = 'manager' and "users"."active_manager_status" in ('active', 'transferring');