CREATE TABLE "work_order_status_links" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_complaint_order_id" uuid,
	"last_complaint_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "work_order_status_links" ADD CONSTRAINT "work_order_status_links_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_links" ADD CONSTRAINT "work_order_status_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_status_links" ADD CONSTRAINT "work_order_status_links_last_complaint_order_id_work_orders_id_fk" FOREIGN KEY ("last_complaint_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_status_links_token_key" ON "work_order_status_links" USING btree ("token");