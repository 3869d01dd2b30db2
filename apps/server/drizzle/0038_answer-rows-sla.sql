-- Issue 37: every work order's answer carries its complaint's response clock (answerFields'
-- sla), so work_order_answer_rows (migration 0018) returns it too: a primary-key lookup per
-- page row. A function's result type cannot be altered, so it is made again.
DROP FUNCTION "work_order_answer_rows"(uuid[]);--> statement-breakpoint
CREATE FUNCTION "work_order_answer_rows"("ids" uuid[])
RETURNS TABLE (
  "id" uuid, "orderId" text, "projectId" text, "projectType" text,
  "projectCategory" "project_category", "status" "work_order_status", "customerId" uuid,
  "customerName" text, "customerPhone" text, "customerWhatsapp" text, "customerAddress" text,
  "siteStateCode" text, "customerStateCode" text, "customerGstin" text,
  "customerLanguage" "update_language", "branchStateCode" text, "branchId" uuid, "branchName" text,
  "technicianId" uuid, "technician" json,
  "originalTechnician" json, "approvedBy" json, "existingProjectId" uuid, "project" json,
  "transferredFromOrderId" text, "initialRemark" text, "instructions" text,
  "assignedAt" timestamp with time zone, "completedAt" timestamp with time zone,
  "createdAt" timestamp with time zone, "updatedAt" timestamp with time zone,
  "history" json, "paidBills" json, "sla" json
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
    c.preferred_language, b.state_code, w.branch_id, b.name, w.technician_id,
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
       FROM bills bl WHERE bl.work_order_id = w.id AND bl.paid_at IS NOT NULL),
    (SELECT json_build_array(
        to_char(k.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(k.at_risk_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(k.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        k.coverage, k.serial_number)
       FROM complaint_clocks k WHERE k.work_order_id = w.id)
  FROM unnest(ids) WITH ORDINALITY AS page(id, at)
  JOIN work_orders w ON w.id = page.id
  JOIN customers c ON c.id = w.customer_id
  JOIN branches b ON b.id = w.branch_id
  ORDER BY page.at;
END
$$;
