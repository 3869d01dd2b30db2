CREATE TABLE "customer_update_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"language" text NOT NULL,
	"to_phone" text NOT NULL,
	"provider_message_id" text,
	"status" text NOT NULL,
	"error" text,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_update_messages" ADD CONSTRAINT "customer_update_messages_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_update_messages" ADD CONSTRAINT "customer_update_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_update_messages_provider_id_key" ON "customer_update_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "customer_update_messages_order_idx" ON "customer_update_messages" USING btree ("work_order_id");