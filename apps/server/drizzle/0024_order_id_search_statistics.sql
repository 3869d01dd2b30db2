-- Issue 17: every order id begins 'wo-2026-' (and every project id 'prj-2026-'), so with the
-- default 100 histogram buckets a search for one id ('WO-2026-00012…') is estimated at 1% of
-- the orders. At a million orders PostgreSQL then ANDs the few matches with every order of
-- the branch and its statuses (178,576 index entries, 29 ms) instead of reading the 11 ids:
-- 10 ms of PostgreSQL a search against 1.2 ms once the prefix btrees keep 1,000 buckets.
ALTER INDEX "work_orders_order_id_prefix_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "work_orders_project_id_prefix_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "work_orders";
