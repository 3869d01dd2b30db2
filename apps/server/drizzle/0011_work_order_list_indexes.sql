CREATE INDEX "work_orders_order_id_prefix_idx" ON "work_orders" USING btree (lower("order_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_orders_project_id_prefix_idx" ON "work_orders" USING btree (lower("project_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_orders_branch_category_status_created_idx" ON "work_orders" USING btree ("branch_id","project_category","status","created_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_branch_category_status_updated_idx" ON "work_orders" USING btree ("branch_id","project_category","status","updated_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
-- The planner needs statistics of the new expression indexes (lower(order_id)…) to see that an
-- id prefix matches a handful of rows; without them it guesses thousands until autovacuum runs.
ANALYZE "work_orders";