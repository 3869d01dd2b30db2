CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"input" jsonb,
	"errors" jsonb,
	"repeat_of" integer,
	"existing_id" uuid,
	"outcome" text,
	"record_id" uuid,
	"message" text,
	CONSTRAINT "import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"branch_id" uuid,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"on_duplicate" text,
	"headers" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"to_skip" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_sales_ledger" text DEFAULT 'Sales' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_cgst_ledger" text DEFAULT 'CGST' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_sgst_ledger" text DEFAULT 'SGST' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_igst_ledger" text DEFAULT 'IGST' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_round_off_ledger" text DEFAULT 'Round Off' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_cash_ledger" text DEFAULT 'Cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile" ADD COLUMN "tally_bank_ledger" text DEFAULT 'Bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rows_pending_idx" ON "import_rows" USING btree ("import_id","row_number") WHERE "import_rows"."outcome" is null;--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "imports_branch_created_idx" ON "imports" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_committing_idx" ON "imports" USING btree ("lease_until") WHERE "imports"."status" = 'committing';