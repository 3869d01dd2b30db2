CREATE TYPE "public"."cancelled_money" AS ENUM('refund', 'advance');--> statement-breakpoint
CREATE TABLE "bill_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"voucher_number" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"method" "payment_method" NOT NULL,
	"transaction_id" text,
	"refunded_by" uuid,
	"refunded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_refunds_amount_positive" CHECK ("bill_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"bill_line_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "inventory_item_type" NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"hsn_sac" text,
	"gst_rate_bp" integer,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"number" text NOT NULL,
	"date" text NOT NULL,
	"financial_year" integer NOT NULL,
	"reason" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"round_off_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bill_payments_receipt_number_key";--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "advance_of_bill_id" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancelled_money" "cancelled_money";--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "corrects_bill_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_refunds" ADD CONSTRAINT "bill_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_bill_line_id_bill_lines_id_fk" FOREIGN KEY ("bill_line_id") REFERENCES "public"."bill_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_refunds_voucher_number_key" ON "bill_refunds" USING btree ("voucher_number");--> statement-breakpoint
CREATE INDEX "bill_refunds_bill_idx" ON "bill_refunds" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_refunds_transaction_key" ON "bill_refunds" USING btree ("transaction_id") WHERE "bill_refunds"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_bill_key" ON "credit_notes" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "credit_notes_date_idx" ON "credit_notes" USING btree ("date");--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_advance_of_bill_id_bills_id_fk" FOREIGN KEY ("advance_of_bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_corrects_bill_id_bills_id_fk" FOREIGN KEY ("corrects_bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_corrects_key" ON "bills" USING btree ("corrects_bill_id") WHERE "bills"."corrects_bill_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_receipt_number_key" ON "bill_payments" USING btree ("receipt_number") WHERE "bill_payments"."advance_of_bill_id" is null;