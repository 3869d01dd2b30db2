ALTER TABLE "whatsapp_outbox" ALTER COLUMN "work_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "quotation_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_quotation_idx" ON "whatsapp_outbox" USING btree ("quotation_id");--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_about_something" CHECK ("whatsapp_outbox"."work_order_id" is not null or "whatsapp_outbox"."quotation_id" is not null);