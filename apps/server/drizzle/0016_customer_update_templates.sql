CREATE TABLE "customer_update_templates" (
	"event" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_update_templates_event_language_pk" PRIMARY KEY("event","language")
);
--> statement-breakpoint
ALTER TABLE "customer_update_templates" ADD CONSTRAINT "customer_update_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;