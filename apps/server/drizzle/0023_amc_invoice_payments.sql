CREATE TABLE "amc_invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"receipt_number" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" "payment_method" NOT NULL,
	"transaction_id" text,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "amc_invoice_payments_amount_positive" CHECK ("amc_invoice_payments"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "amc_invoices" ADD COLUMN "paid_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "amc_invoice_payments" ADD CONSTRAINT "amc_invoice_payments_invoice_id_amc_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."amc_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amc_invoice_payments" ADD CONSTRAINT "amc_invoice_payments_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amc_invoice_payments_receipt_number_key" ON "amc_invoice_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "amc_invoice_payments_invoice_idx" ON "amc_invoice_payments" USING btree ("invoice_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amc_invoice_payments_transaction_key" ON "amc_invoice_payments" USING btree ("transaction_id") WHERE "amc_invoice_payments"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "amc_invoices_open_dues_idx" ON "amc_invoices" USING btree ("invoice_date") WHERE "amc_invoices"."paid_paise" < "amc_invoices"."total_paise";--> statement-breakpoint
ALTER TABLE "amc_invoices" ADD CONSTRAINT "amc_invoices_paid_within_total" CHECK ("amc_invoices"."paid_paise" >= 0 and "amc_invoices"."paid_paise" <= "amc_invoices"."total_paise");