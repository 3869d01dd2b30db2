CREATE TABLE "work_order_pending_days" (
	"branch_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "work_order_pending_days_branch_id_day_pk" PRIMARY KEY("branch_id","day"),
	CONSTRAINT "work_order_pending_days_total_not_negative" CHECK ("work_order_pending_days"."total" >= 0)
);
--> statement-breakpoint
-- Keeps work_order_pending_days equal to a count of the pending work_orders per (branch, India
-- day of created_at), in the statement that changes the orders, as work_order_tallies_apply
-- does (0005): a statement trigger sees the statement's rows at once; net-zero changes touch
-- no row; keys are applied in a fixed order so two transactions lock rows in the same order.
-- A day left with no pending order is deleted, so the table holds only days with a backlog.
CREATE FUNCTION "work_order_pending_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "work_order_pending_days" ("branch_id", "day", "total")
    SELECT "branch_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, count(*)
    FROM "new_rows" WHERE "status" = 'pending' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("branch_id", "day")
    DO UPDATE SET "total" = "work_order_pending_days"."total" + excluded."total";
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE "work_order_pending_days" AS p SET "total" = p."total" - d."n"
    FROM (
      SELECT "branch_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", count(*) AS "n"
      FROM "old_rows" WHERE "status" = 'pending' GROUP BY 1, 2
    ) AS d
    WHERE p."branch_id" = d."branch_id" AND p."day" = d."day";
  ELSE
    -- Net change per key: an update of other columns nets to zero and is left alone. The
    -- decrements and the upserted increments touch different rows; a negative change never
    -- goes through the insert, whose check would see it before the conflict.
    WITH "changes" AS (
      SELECT "branch_id", "day", sum("change") AS "change"
      FROM (
        SELECT "branch_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", 1 AS "change"
        FROM "new_rows" WHERE "status" = 'pending'
        UNION ALL
        SELECT "branch_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, -1
        FROM "old_rows" WHERE "status" = 'pending'
      ) AS c
      GROUP BY 1, 2 HAVING sum("change") <> 0
    ), "decrements" AS (
      UPDATE "work_order_pending_days" AS p SET "total" = p."total" + d."change"
      FROM "changes" AS d
      WHERE d."change" < 0 AND p."branch_id" = d."branch_id" AND p."day" = d."day"
    )
    INSERT INTO "work_order_pending_days" ("branch_id", "day", "total")
    SELECT "branch_id", "day", "change" FROM "changes" WHERE "change" > 0 ORDER BY 1, 2
    ON CONFLICT ("branch_id", "day")
    DO UPDATE SET "total" = "work_order_pending_days"."total" + excluded."total";
  END IF;
  -- Only a day some order left can have come to nothing.
  DELETE FROM "work_order_pending_days" AS p
  USING (
    SELECT DISTINCT "branch_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day"
    FROM "old_rows" WHERE "status" = 'pending'
  ) AS o
  WHERE p."branch_id" = o."branch_id" AND p."day" = o."day" AND p."total" = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "work_order_pending_days_on_insert" AFTER INSERT ON "work_orders"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_pending_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "work_order_pending_days_on_update" AFTER UPDATE ON "work_orders"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_pending_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "work_order_pending_days_on_delete" AFTER DELETE ON "work_orders"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_order_pending_days_apply"();
--> statement-breakpoint
INSERT INTO "work_order_pending_days" ("branch_id", "day", "total")
SELECT "branch_id", ("created_at" AT TIME ZONE 'Asia/Kolkata')::date, count(*)
FROM "work_orders" WHERE "status" = 'pending' GROUP BY 1, 2;
