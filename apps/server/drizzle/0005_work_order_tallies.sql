CREATE TABLE "work_order_tallies" (
	"branch_id" uuid NOT NULL,
	"technician_key" uuid NOT NULL,
	"status" "work_order_status" NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_order_tallies_branch_id_technician_key_status_pk" PRIMARY KEY("branch_id","technician_key","status"),
	CONSTRAINT "work_order_tallies_total_not_negative" CHECK ("work_order_tallies"."total" >= 0)
);
--> statement-breakpoint
DROP INDEX "work_orders_branch_status_idx";--> statement-breakpoint
DROP INDEX "work_orders_technician_status_idx";--> statement-breakpoint
CREATE INDEX "work_order_tallies_technician_idx" ON "work_order_tallies" USING btree ("technician_key","status");--> statement-breakpoint
CREATE INDEX "work_orders_branch_status_created_idx" ON "work_orders" USING btree ("branch_id","status","created_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_branch_status_updated_idx" ON "work_orders" USING btree ("branch_id","status","updated_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_technician_status_updated_idx" ON "work_orders" USING btree ("technician_id","status","updated_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_status_created_idx" ON "work_orders" USING btree ("status","created_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_status_updated_idx" ON "work_orders" USING btree ("status","updated_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST);--> statement-breakpoint
-- Keeps work_order_tallies equal to a count of work_orders per (branch, technician, status),
-- in the statement that changes the orders. A statement trigger sees all the statement's
-- rows at once, so a bulk insert costs one upsert per key, not one per row; net-zero changes
-- (an update of other columns) touch no tally row, and keys are applied in a fixed order so
-- two transactions take the tally rows' locks in the same order.
CREATE FUNCTION "work_order_tallies_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "work_order_tallies" ("branch_id", "technician_key", "status", "total")
    SELECT "branch_id", coalesce("technician_id", '00000000-0000-0000-0000-000000000000'::uuid), "status", count(*)
    FROM "new_rows" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("branch_id", "technician_key", "status")
    DO UPDATE SET "total" = "work_order_tallies"."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "work_order_tallies" AS t SET "total" = t."total" - d."n"
    FROM (
      SELECT "branch_id", coalesce("technician_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "technician_key", "status", count(*) AS "n"
      FROM "old_rows" GROUP BY 1, 2, 3
    ) AS d
    WHERE t."branch_id" = d."branch_id" AND t."technician_key" = d."technician_key" AND t."status" = d."status";
  ELSE
    -- Net change per key: a key whose orders only changed other columns nets to zero and is
    -- left alone. Each key has one net change, so the decrements and the upserted increments
    -- touch different rows; a negative change never goes through the insert, whose check
    -- would see it before the conflict.
    WITH "changes" AS (
      SELECT "branch_id", "technician_key", "status", sum("change") AS "change"
      FROM (
        SELECT "branch_id", coalesce("technician_id", '00000000-0000-0000-0000-000000000000'::uuid) AS "technician_key", "status", 1 AS "change" FROM "new_rows"
        UNION ALL
        SELECT "branch_id", coalesce("technician_id", '00000000-0000-0000-0000-000000000000'::uuid), "status", -1 FROM "old_rows"
      ) AS c
      GROUP BY 1, 2, 3 HAVING sum("change") <> 0
    ), "decrements" AS (
      UPDATE "work_order_tallies" AS t SET "total" = t."total" + d."change"
      FROM "changes" AS d
      WHERE d."change" < 0 AND t."branch_id" = d."branch_id"
        AND t."technician_key" = d."technician_key" AND t."status" = d."status"
    )
    INSERT INTO "work_order_tallies" ("branch_id", "technician_key", "status", "total")
    SELECT "branch_id", "technician_key", "status", "change"
    FROM "changes" WHERE "change" > 0 ORDER BY 1, 2, 3
    ON CONFLICT ("branch_id", "technician_key", "status")
    DO UPDATE SET "total" = "work_order_tallies"."total" + excluded."total";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "work_order_tallies_on_insert" AFTER INSERT ON "work_orders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_tallies_apply"();
--> statement-breakpoint
CREATE TRIGGER "work_order_tallies_on_update" AFTER UPDATE ON "work_orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_tallies_apply"();
--> statement-breakpoint
CREATE TRIGGER "work_order_tallies_on_delete" AFTER DELETE ON "work_orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_tallies_apply"();
--> statement-breakpoint
INSERT INTO "work_order_tallies" ("branch_id", "technician_key", "status", "total")
SELECT "branch_id", coalesce("technician_id", '00000000-0000-0000-0000-000000000000'::uuid), "status", count(*)
FROM "work_orders" GROUP BY 1, 2, 3;
