ALTER TABLE "amc_visits" ADD COLUMN "done_before_karya" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "amc_visits" ADD COLUMN "billed_outside" boolean DEFAULT false NOT NULL;