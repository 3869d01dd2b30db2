-- Issue 33 item 6: a UPI transaction id is stored and compared trimmed and upper-cased, so
-- '…x' and '…X' are one id. The ids recorded before are normalised here.
--
-- A bill's own copy of its on-site payment's id has no unique index: every one is normalised.
UPDATE "bills" SET "transaction_id" = upper(btrim("transaction_id"))
  WHERE "transaction_id" IS NOT NULL AND "transaction_id" <> upper(btrim("transaction_id"));--> statement-breakpoint
-- Receipts (bill_payments, amc_invoice_payments) are unique by exact id, and one UPI id pays
-- one receipt across both tables (decision 037). Ids that differ only in case or spaces are
-- one group: exactly one receipt of each group holds the normalised id — the one that holds
-- it already, else the earliest received (bill receipts first on a tie, then by id). The
-- others of a group, payments taken twice under one id before this fix, keep their id as
-- typed: the money was received and their receipts were issued with it, so nothing is made
-- up or merged, and since the group's normalised id is now stored, any new payment with the
-- id in any case is refused as a duplicate. No unique index can be violated: the holder
-- takes a value no row held (else that row would be the holder) and the rest do not change.
WITH "ids" AS (
  SELECT 0 AS "kind", "id", "transaction_id", "received_at" FROM "bill_payments"
    WHERE "transaction_id" IS NOT NULL
  UNION ALL
  SELECT 1, "id", "transaction_id", "received_at" FROM "amc_invoice_payments"
    WHERE "transaction_id" IS NOT NULL
), "holders" AS (
  SELECT "kind", "id", "normal" FROM (
    SELECT "kind", "id", "transaction_id", upper(btrim("transaction_id")) AS "normal",
      row_number() OVER (
        PARTITION BY upper(btrim("transaction_id"))
        ORDER BY ("transaction_id" = upper(btrim("transaction_id"))) DESC, "received_at", "kind", "id"
      ) AS "n"
    FROM "ids"
  ) AS "ranked"
  WHERE "n" = 1 AND "transaction_id" <> "normal"
), "bill_receipts" AS (
  UPDATE "bill_payments" SET "transaction_id" = "holders"."normal"
    FROM "holders" WHERE "holders"."kind" = 0 AND "holders"."id" = "bill_payments"."id"
    RETURNING "bill_payments"."id"
)
UPDATE "amc_invoice_payments" SET "transaction_id" = "holders"."normal"
  FROM "holders" WHERE "holders"."kind" = 1 AND "holders"."id" = "amc_invoice_payments"."id";
