CREATE INDEX "customers_whatsapp_national_idx" ON "customers" USING btree (right(regexp_replace("whatsapp_number", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "leads_whatsapp_national_idx" ON "leads" USING btree (right(regexp_replace("whatsapp_number", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "whatsapp_messages_lead_idx" ON "whatsapp_messages" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_customer_idx" ON "whatsapp_messages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "whatsapp_numbers_lead_idx" ON "whatsapp_numbers" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_work_order_idx" ON "whatsapp_outbox" USING btree ("work_order_id");