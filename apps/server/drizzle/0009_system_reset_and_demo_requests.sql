CREATE TYPE "public"."demo_request_status" AS ENUM('new', 'contacted', 'converted');--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"phone_normalized" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'hi-Latn' NOT NULL,
	"status" "demo_request_status" DEFAULT 'new' NOT NULL,
	"request_count" integer DEFAULT 1 NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contacted_at" timestamp with time zone,
	"contacted_by" uuid,
	"converted_at" timestamp with time zone,
	"converted_by" uuid,
	"lead_id" uuid
);
--> statement-breakpoint
CREATE TABLE "request_throttle" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_contacted_by_users_id_fk" FOREIGN KEY ("contacted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_converted_by_users_id_fk" FOREIGN KEY ("converted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_requests" ADD CONSTRAINT "demo_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_requests_phone_idx" ON "demo_requests" USING btree ("phone_normalized","created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_status_created_idx" ON "demo_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_created_idx" ON "demo_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "request_throttle_key_idx" ON "request_throttle" USING btree ("bucket","key","attempted_at");