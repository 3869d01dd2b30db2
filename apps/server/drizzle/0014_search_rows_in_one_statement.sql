-- A search's page rows in the statement that finds its matches (issue 17, decision 016 addendum).
-- The answer's columns of the orders whose ids it is given, in the ids' order: the columns and
-- names of answerFields in work-orders.queries.ts (a test compares the two). PL/pgSQL keeps the
-- plan of its query for the connection's life, so a statement planned afresh for a search's
-- pattern calls it instead of planning these subqueries every time. Its generic plan is forced:
-- for a page of a few ids (an order id's search finds one to three) PostgreSQL costed the plan
-- made for them below the generic one and planned the query again on every call. STRICT: an
-- empty page (null) does not call it at all.
CREATE FUNCTION "work_order_answer_rows"("ids" uuid[])
RETURNS TABLE (
  "id" uuid, "orderId" text, "projectId" text, "projectType" text,
  "projectCategory" "project_category", "status" "work_order_status", "customerId" uuid,
  "customerName" text, "customerPhone" text, "customerWhatsapp" text, "customerAddress" text,
  "siteStateCode" text, "customerStateCode" text, "customerGstin" text, "branchStateCode" text,
  "branchId" uuid, "branchName" text, "technicianId" uuid, "technician" json,
  "originalTechnician" json, "approvedBy" json, "existingProjectId" uuid, "project" json,
  "transferredFromOrderId" text, "initialRemark" text, "instructions" text,
  "assignedAt" timestamp with time zone, "completedAt" timestamp with time zone,
  "createdAt" timestamp with time zone, "updatedAt" timestamp with time zone,
  "history" json, "paidBills" json
)
LANGUAGE plpgsql STABLE STRICT ROWS 25
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT w.id, w.order_id, w.project_id, w.project_type, w.project_category, w.status,
    w.customer_id, c.name, c.phone_number, c.whatsapp_number,
    coalesce(w.site_address, c.address), w.site_state_code, c.state_code, c.gstin,
    b.state_code, w.branch_id, b.name, w.technician_id,
    (SELECT json_build_array(p.id, p.first_name, p.last_name, p.phone, p.username)
       FROM users p WHERE p.id = w.technician_id),
    (SELECT json_build_array(p.id, p.first_name, p.last_name, p.phone, p.username)
       FROM users p WHERE p.id = w.original_technician_id),
    (SELECT json_build_array(p.id, p.first_name, p.last_name, p.phone, p.username)
       FROM users p WHERE p.id = w.approved_by),
    w.existing_project_id,
    (SELECT json_build_array(p.order_id,
        to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       FROM work_orders p WHERE p.id = w.existing_project_id),
    (SELECT p.order_id FROM work_orders p WHERE p.id = w.transferred_from_id),
    w.initial_remark, w.instructions, w.assigned_at, w.completed_at, w.created_at, w.updated_at,
    (SELECT coalesce(json_agg(json_build_array(h.status, h.remark,
        to_char(h.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        a.id, a.first_name, a.last_name) ORDER BY h.updated_at, h.id), '[]')
       FROM work_order_status_history h LEFT JOIN users a ON a.id = h.updated_by
       WHERE h.work_order_id = w.id),
    (SELECT coalesce(json_agg(json_build_array(bl.id, coalesce(bl.bill_number, ''),
        bl.total_paise, bl.paid_paise, bl.payment_status, bl.payment_method, bl.transaction_id,
        to_char(bl.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        ORDER BY bl.paid_at, bl.id), '[]')
       FROM bills bl WHERE bl.work_order_id = w.id AND bl.paid_at IS NOT NULL)
  FROM unnest(ids) WITH ORDINALITY AS page(id, at)
  JOIN work_orders w ON w.id = page.id
  JOIN customers c ON c.id = w.customer_id
  JOIN branches b ON b.id = w.branch_id
  ORDER BY page.at;
END
$$;--> statement-breakpoint
-- The (branch, status, latest change) index carries the columns a search reads (the order's id,
-- customer, project id and type), so a search that matches most of a branch finds its first
-- 1,001 matches, and a status's page, from the index alone: about 25 index pages at a million
-- orders, where the table's rows took 130 pages read past the buffer cache (issue 17).
DROP INDEX "work_orders_branch_status_updated_idx";--> statement-breakpoint
CREATE INDEX "work_orders_branch_status_updated_idx" ON "work_orders" USING btree ("branch_id","status","updated_at" DESC NULLS FIRST,"order_id" DESC NULLS FIRST) INCLUDE ("id","customer_id","project_id","project_type");
