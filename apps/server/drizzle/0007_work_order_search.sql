-- Trigram indexes for the work-order lists' substring search (decision 010). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database owner may create it; PGlite loads it from its contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ((lower("name") || chr(31) || "phone_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_search_trgm_idx" ON "work_orders" USING gin ((lower("order_id") || chr(31) || lower("project_id") || chr(31) || lower("project_type")) gin_trgm_ops);--> statement-breakpoint
-- The planner's estimate of a LIKE on these expressions comes from the statistics ANALYZE keeps
-- for expression indexes; without them it guesses a few thousand matches for a word every order
-- holds and reads a million rows through the index instead of the branch's.
ANALYZE "work_orders", "customers";
