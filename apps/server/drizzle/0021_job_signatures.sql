CREATE TABLE "work_order_signatures" (
	"work_order_id" uuid PRIMARY KEY NOT NULL,
	"signer_name" text NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"signed_by" uuid,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "require_signature" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_signatures" ADD CONSTRAINT "work_order_signatures_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_signatures" ADD CONSTRAINT "work_order_signatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;