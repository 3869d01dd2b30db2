import { PAYMENT_HISTORY_STATUS } from '@karya/domain/bill-schemas';
import type { WorkOrder } from '@karya/domain/contact';
import {
  CONTACT_MESSAGES,
  type ProjectCategory,
  type WorkOrderStatus,
} from '@karya/domain/contact-schemas';
import { placeOfSupply, stateName } from '@karya/domain/gst';
import { toRupees } from '@karya/domain/money';
import {
  type AssignTechnicianInput,
  type StatusHistoryEntry,
  WORK_ORDER_MESSAGES,
  type WorkOrderDetail,
} from '@karya/domain/work-order-schemas';
import {
  actionForStatus,
  decideTransition,
  MANAGER_STATUS_ORDER,
  type TransitionDecision,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderAction,
} from '@karya/domain/work-order-state';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { branchOfScope, inScope, type Scope, seesWork, technicianOf } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, type HttpError, notFound } from '../../http/errors';
import { recordComplaintOpened } from '../report-rollups';
import { enqueueCustomerUpdate } from '../update-outbox';
import { appendTimedHistory, timeOfAction } from './occurred-at';
import { workOrderSlaOf } from './order-sla';
import { countOpened, countStatusChange } from './report-counts';
import {
  countCompletedProjects,
  findActiveProject,
  findCustomerProject,
  findTechnician,
  findWorkOrderRow,
  type HistoryTuple,
  hasPayment,
  insertReassignmentOrder,
  insertWorkOrder,
  type LockedWorkOrder,
  listCustomerWorkOrderRows,
  listWorkOrderRows,
  lockTechnician,
  lockWorkOrder,
  type PersonTuple,
  stopComplaintClock,
  touchWorkOrder,
  updateWorkOrderStatus,
  type WorkOrderListFilter,
  type WorkOrderRow,
} from './work-orders.queries';

export interface Paging {
  limit: number;
  offset: number;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/* ------------------------------------------------------------- answers */

function toHistoryEntryOf([status, remark, updatedAt, byId, byFirst, byLast]: HistoryTuple) {
  return {
    status,
    remark,
    updatedAt,
    updatedBy:
      byId !== null ? { _id: byId, firstName: byFirst ?? '', lastName: byLast ?? '' } : null,
  };
}

/*
 * Both answers of an order are written out field by field, not as `{ ...head(row), …,
 * ...tail(row) }`: V8 builds an object with two spreads and fields between them in its slow
 * dictionary mode, 28 µs a row against 1.5 µs for the same fields written out (measured, issue
 * 17), which was a fifth of a 25-row list's Node time. Keep the two field orders alike.
 */

function stateRefOf(code: string | null): { code: string; name: string } | null {
  const name = stateName(code);
  return code && name ? { code, name } : null;
}

const personRefOf = (person: PersonTuple | null) =>
  person ? { _id: person[0], firstName: person[1], lastName: person[2] } : null;

const originalTechnicianOf = (person: PersonTuple | null) =>
  person
    ? { _id: person[0], firstName: person[1], lastName: person[2], phoneNumber: person[3] }
    : null;

function toWorkOrderDetail(row: WorkOrderRow): WorkOrderDetail {
  const statusHistory: StatusHistoryEntry[] = row.history.map(toHistoryEntryOf);
  const rejections = statusHistory.filter((entry) => entry.status === 'rejected');
  const lastRejection = rejections.at(-1);
  const lastPause = statusHistory.filter((entry) => entry.status === 'paused').at(-1);
  const paused = row.status === 'paused' && lastPause !== undefined;
  const { technician, project } = row;
  return {
    _id: row.id,
    orderId: row.orderId,
    projectId: row.projectId,
    projectType: row.projectType,
    projectCategory: row.projectCategory,
    status: row.status,
    customerId: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerWhatsapp: row.customerWhatsapp,
    customerAddress: row.customerAddress,
    customerLanguage: row.customerLanguage,
    location: row.customerAddress,
    siteStateCode: row.siteStateCode ?? row.customerStateCode,
    placeOfSupply: stateRefOf(
      placeOfSupply({
        siteStateCode: row.siteStateCode,
        customerStateCode: row.customerStateCode,
        branchStateCode: row.branchStateCode,
      }),
    ),
    branch: { _id: row.branchId, name: row.branchName },
    branchName: row.branchName,
    technician: technician
      ? {
          _id: technician[0],
          firstName: technician[1],
          lastName: technician[2],
          phoneNumber: technician[3],
          username: technician[4],
        }
      : null,
    originalTechnician: originalTechnicianOf(row.originalTechnician),
    approvedBy: personRefOf(row.approvedBy),
    existingProjectId: row.existingProjectId,
    projectCreatedAt: project?.[1] ?? iso(row.createdAt),
    projectCompletedAt: project ? project[2] : null,
    transferredFromOrderId: row.transferredFromOrderId,
    initialRemark: row.initialRemark,
    instructions: row.instructions,
    assignedAt: isoOrNull(row.assignedAt),
    completedAt: isoOrNull(row.completedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    sla: workOrderSlaOf(row.sla),
    statusHistory,
    billingInfo: row.paidBills.map(
      ([
        billId,
        billNumber,
        totalPaise,
        paidPaise,
        paymentStatus,
        method,
        transactionId,
        paidAt,
      ]) => ({
        billId,
        billNumber,
        amount: toRupees(totalPaise),
        paidAmount: toRupees(paidPaise),
        paymentStatus,
        paymentMethod: method,
        transactionId,
        paidAt,
      }),
    ),
    paymentDone:
      row.paidBills.length > 0 ||
      statusHistory.some((entry) => entry.status === PAYMENT_HISTORY_STATUS),
    rejectReason: lastRejection?.remark ?? null,
    rejectDate: lastRejection?.updatedAt ?? null,
    rejectHistory: rejections.map((entry) => ({
      reason: entry.remark,
      rejectedAt: entry.updatedAt,
      rejectedBy: entry.updatedBy,
    })),
    pauseReason: paused ? lastPause.remark : null,
    pausedAt: paused ? lastPause.updatedAt : null,
  };
}

/**
 * A work order as the contact screens read it (workOrderSchema): the detail's first fields,
 * the technician without phone and username.
 */
function toWorkOrder(row: WorkOrderRow): WorkOrder {
  return {
    _id: row.id,
    orderId: row.orderId,
    projectId: row.projectId,
    projectType: row.projectType,
    projectCategory: row.projectCategory,
    status: row.status,
    customerId: row.customerId,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerWhatsapp: row.customerWhatsapp,
    customerAddress: row.customerAddress,
    customerLanguage: row.customerLanguage,
    branch: { _id: row.branchId, name: row.branchName },
    branchName: row.branchName,
    technician: personRefOf(row.technician),
    originalTechnician: originalTechnicianOf(row.originalTechnician),
    existingProjectId: row.existingProjectId,
    initialRemark: row.initialRemark,
    instructions: row.instructions,
    assignedAt: isoOrNull(row.assignedAt),
    completedAt: isoOrNull(row.completedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    sla: workOrderSlaOf(row.sla),
  };
}

async function detailOf(db: Database, reference: string): Promise<WorkOrderDetail> {
  const row = await findWorkOrderRow(db, reference);
  if (!row) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return toWorkOrderDetail(row);
}

/* --------------------------------------------------------------- reads */

export interface WorkOrderListQuery extends Paging {
  statuses?: readonly WorkOrderStatus[] | undefined;
  category?: ProjectCategory | undefined;
  search?: string | undefined;
}

async function pageOf(db: Database, filter: WorkOrderListFilter) {
  const { rows, total, capped } = await listWorkOrderRows(db, filter);
  return { items: rows.map(toWorkOrderDetail), total, capped };
}

/** GET /api/get-work-orders: the pending list by default, newest first. */
export function listWorkOrders(db: Database, scope: Scope, query: WorkOrderListQuery) {
  return pageOf(db, {
    branchId: branchOfScope(scope),
    statuses: query.statuses?.length ? query.statuses : ['pending'],
    category: query.category,
    search: query.search,
    order: 'created-desc',
    limit: query.limit,
    offset: query.offset,
  });
}

/** Everything but the pending list: the projects technicians hold or held. */
const PROJECT_STATUSES = MANAGER_STATUS_ORDER.filter((status) => status !== 'pending');

/**
 * GET /api/get-manager-projects: the branch's projects in the spec's status order, newest
 * first; the transfer requests (?status=transferring) oldest first (spec 2 §4).
 */
export function listManagerProjects(db: Database, scope: Scope, query: WorkOrderListQuery) {
  const statuses = query.statuses?.length ? query.statuses : PROJECT_STATUSES;
  const transfersOnly = statuses.length === 1 && statuses[0] === 'transferring';
  return pageOf(db, {
    branchId: branchOfScope(scope),
    statuses,
    category: query.category,
    search: query.search,
    order: transfersOnly ? 'updated-asc' : { byStatus: MANAGER_STATUS_ORDER },
    limit: query.limit,
    offset: query.offset,
  });
}

/** A technician's own work: active statuses first (so they lead every page), then newest. */
const TECHNICIAN_STATUS_ORDER: readonly WorkOrderStatus[] = [
  'in-progress',
  'assigned',
  'rejected',
  'paused',
  'transferring',
  'pending-approval',
  'transferred',
  'completed',
];

export function listTechnicianWorkOrders(
  db: Database,
  technicianId: string,
  query: WorkOrderListQuery,
) {
  return pageOf(db, {
    technicianId,
    statuses: query.statuses,
    category: query.category,
    search: query.search,
    order: { byStatus: TECHNICIAN_STATUS_ORDER },
    limit: query.limit,
    offset: query.offset,
  });
}

/**
 * GET /api/get-technician-projects/{technicianId}: a manager's own technicians only, a
 * technician themselves.
 */
export async function listTechnicianProjects(
  db: Database,
  scope: Scope,
  technicianId: string,
  query: WorkOrderListQuery,
) {
  const technician = await findTechnician(db, technicianId);
  const visible =
    technician?.role === 'technician' &&
    (scope.kind === 'own'
      ? scope.technicianId === technicianId
      : inScope(scope, technician.branchId));
  if (!visible) throw notFound(WORK_ORDER_MESSAGES.technicianNotFound);
  return listTechnicianWorkOrders(db, technicianId, query);
}

export async function findTechnicianActiveProject(db: Database, scope: Scope) {
  return findActiveProject(db, technicianOf(scope));
}

/** GET /api/get-work-order-details/{customerId}/{orderId} */
export async function getWorkOrderDetails(
  db: Database,
  scope: Scope,
  customerId: string,
  reference: string,
): Promise<WorkOrderDetail> {
  const detail = await detailOf(db, reference);
  const order = { branchId: detail.branch._id, technicianId: detail.technician?._id ?? null };
  if (detail.customerId !== customerId || !seesWork(scope, order)) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  return detail;
}

/* ------------------------------------------------- a customer's orders */

/**
 * A customer's orders, newest first, as the customer answer shows them (the contacts module
 * decides who may see the customer, and a technician which of them).
 */
export async function listCustomerWorkOrders(
  db: Database,
  customerId: string,
): Promise<WorkOrder[]> {
  return (await listCustomerWorkOrderRows(db, customerId)).map(toWorkOrder);
}

/** One order as the contact screens show it after creating it, with its status history. */
export async function getCustomerWorkOrder(db: Database, id: string): Promise<WorkOrder> {
  const row = await findWorkOrderRow(db, id);
  if (!row) throw notFound(CONTACT_MESSAGES.projectNotFound);
  return { ...toWorkOrder(row), statusHistory: row.history.map(toHistoryEntryOf) };
}

/** What a contact screen opens a work order with. */
export interface WorkOrderOpening {
  customerId: string;
  branchId: string;
  projectType: string;
  initialRemark: string;
  /** Null: the customer raised it from their job-status page (issue 21). */
  createdBy: string | null;
  /** A complaint (Repair): the _id or projectId of the customer's completed installation. */
  complaintAbout?: string | undefined;
  /** Where the work is done and its state (issue 19); null or absent: the customer's. */
  siteAddress?: string | null | undefined;
  siteStateCode?: string | null | undefined;
}

/**
 * A pending work order with its first history entry, in the caller's transaction: a new
 * installation (its own project), or a complaint against one of the customer's completed
 * installations, keeping that project's id, type and technician.
 */
export async function openWorkOrder(
  tx: Tx,
  input: WorkOrderOpening,
): Promise<{ id: string; projectType: string; existingProjectId: string | null }> {
  const { complaintAbout, ...order } = input;
  if (complaintAbout === undefined) {
    const opened = await insertWorkOrder(tx, { ...order, projectCategory: 'New Installation' });
    await countOpened(tx, {
      branchId: order.branchId,
      projectType: order.projectType,
      projectCategory: 'New Installation',
    });
    return { id: opened.id, projectType: order.projectType, existingProjectId: null };
  }
  if ((await countCompletedProjects(tx, order.customerId)) === 0) {
    throw badRequest(CONTACT_MESSAGES.noCompletedProjects);
  }
  const project = await findCustomerProject(tx, order.customerId, complaintAbout);
  if (project?.status !== 'completed') throw notFound(CONTACT_MESSAGES.projectNotFound);
  const opened = await insertWorkOrder(tx, {
    ...order,
    projectType: project.projectType,
    projectCategory: 'Repair',
    existing: { id: project.id, projectId: project.projectId, technicianId: project.technicianId },
  });
  await countOpened(tx, {
    branchId: order.branchId,
    projectType: project.projectType,
    projectCategory: 'Repair',
  });
  // Issue 38: the jobs on this installation completed in the 30 days before are not fixed.
  await recordComplaintOpened(tx, { id: opened.id, installationId: project.id });
  return { id: opened.id, projectType: project.projectType, existingProjectId: project.id };
}

/* -------------------------------------------------------------- changes */

function refusalError(decision: Extract<TransitionDecision, { allowed: false }>): HttpError {
  switch (decision.kind) {
    case 'not-found':
      return notFound(decision.message);
    case 'forbidden':
      return forbidden(decision.message);
    case 'invalid-input':
      return badRequest(decision.message);
    case 'invalid-transition':
    case 'precondition':
      return conflict(decision.message);
  }
}

/** The order named by customerId and orderId, locked; another customer's reads as absent. */
async function lockOrder(tx: Tx, customerId: string, reference: string): Promise<LockedWorkOrder> {
  const order = await lockWorkOrder(tx, reference);
  if (!order || order.customerId !== customerId) {
    throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  }
  return order;
}

interface ChangeRequest {
  customerId: string;
  orderId: string;
  remark?: string | undefined;
  /** When the technician did it, from the phone's queue (decision 043). */
  occurredAt?: string | undefined;
}

/** What a change writes besides the status: the assignment, the approval, the reassignment. */
type Effect = (
  tx: Tx,
  order: LockedWorkOrder,
) => Promise<{ values?: Parameters<typeof updateWorkOrderStatus>[3]; historyRemark?: string }>;

/**
 * Applies one state-machine change in one transaction: lock the order, gather the facts the
 * rule needs, decide, move the status (only from the locked status), append the history
 * entry and the audit event. Concurrent requests queue on the row lock and the later ones
 * find the order already moved.
 */
async function applyChange(
  db: Database,
  actor: Actor,
  scope: Scope,
  request: ChangeRequest,
  chooseAction: (order: LockedWorkOrder) => WorkOrderAction,
  effect?: Effect,
  afterward?: (tx: Tx, order: LockedWorkOrder) => Promise<void>,
  clock: Clock = systemClock,
): Promise<{ orderId: string; status: WorkOrderStatus }> {
  try {
    return await db.transaction(async (tx) => {
      const order = await lockOrder(tx, request.customerId, request.orderId);
      const action = chooseAction(order);
      const rule = WORK_ORDER_TRANSITIONS[action];
      const visible = seesWork(scope, order);
      let otherActiveProjectType: string | null = null;
      if (visible && rule.needs.includes('no-other-active-project') && order.technicianId) {
        await lockTechnician(tx, order.technicianId);
        otherActiveProjectType =
          (await findActiveProject(tx, order.technicianId, order.id))?.projectType ?? null;
      }
      const needsPayment = rule.needs.includes('payment') || rule.needs.includes('unpaid');
      const paymentDone = visible && needsPayment ? await hasPayment(tx, order.id) : false;
      const decision = decideTransition({
        action,
        order,
        actor,
        remark: request.remark,
        otherActiveProjectType,
        paymentDone,
      });
      if (!decision.allowed) throw refusalError(decision);

      const extra = effect ? await effect(tx, order) : {};
      const moved = await updateWorkOrderStatus(tx, order.id, order.status, {
        status: decision.to,
        ...extra.values,
      });
      if (!moved) throw conflict(WORK_ORDER_MESSAGES.cannotChange(order.status, decision.to));
      const time = await timeOfAction(tx, clock, order.id, request.occurredAt);
      await appendTimedHistory(
        tx,
        {
          workOrderId: order.id,
          status: decision.to,
          remark: extra.historyRemark ?? request.remark?.trim() ?? '',
          updatedBy: actor.id,
        },
        time,
      );
      if (decision.to === 'in-progress') await stopComplaintClock(tx, order.id, time?.at ?? null);
      // Issue 38: the reports' daily rollups, on the day the history entry carries.
      await countStatusChange(tx, order, decision.to, time?.at ?? null);
      await afterward?.(tx, order);
      await recordAudit(tx, {
        actorId: actor.id,
        action: `work-order.${action}`,
        entityType: 'work-order',
        entityId: order.id,
        summary: `${order.orderId}: ${order.status} to ${decision.to}`,
        changes: { from: order.status, to: decision.to, remark: request.remark ?? '' },
      });
      return { orderId: order.id, status: decision.to };
    });
  } catch (error) {
    // The unique index on one in-progress order per technician: the lock above makes this
    // unreachable, but a race that slips past it still gets the spec's message.
    if (isUniqueViolation(error, 'work_orders_one_in_progress_per_technician')) {
      const active = await findActiveProject(db, actor.id);
      throw conflict(WORK_ORDER_MESSAGES.activeProject(active?.projectType ?? 'another project'));
    }
    throw error;
  }
}

/**
 * POST /api/assign-technician: a technician of the order's branch, with instructions.
 * `afterward` runs in the assignment's transaction with the order locked: the schedule
 * module books the job's time there, so assigning and scheduling land or fail together.
 */
export async function assignTechnician(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: AssignTechnicianInput,
  afterward?: (tx: Tx, order: LockedWorkOrder) => Promise<void>,
): Promise<WorkOrderDetail> {
  const instructions = input.instructions?.trim() ?? '';
  const { orderId } = await applyChange(
    db,
    actor,
    scope,
    { customerId: input.customerId, orderId: input.orderId, remark: instructions },
    () => 'assign',
    async (tx, order) => {
      const technician = await findTechnician(tx, input.technicianId);
      if (technician?.role !== 'technician') {
        throw badRequest(WORK_ORDER_MESSAGES.selectTechnician);
      }
      if (technician.branchId !== order.branchId || technician.status !== 'active') {
        throw notFound(WORK_ORDER_MESSAGES.technicianNotFound);
      }
      const assignedAt = new Date();
      // Issue 40: the customer hears of it after this commits; this assignment, once.
      await enqueueCustomerUpdate(tx, {
        event: 'technicianAssigned',
        workOrderId: order.id,
        discriminator: `${technician.id}@${assignedAt.toISOString()}`,
        actorId: actor.id,
      });
      return {
        values: {
          technicianId: technician.id,
          assignedBy: actor.id,
          assignedAt,
          instructions,
        },
        historyRemark:
          instructions || `Assigned to ${technician.firstName} ${technician.lastName}`.trim(),
      };
    },
    afterward,
  );
  return detailOf(db, orderId);
}

/**
 * What else must hold before an order is sent for approval, checked inside the change's
 * transaction with the order locked: the refusal's message, or null. Other modules' rules
 * (the job checklist and the customer's signature, issue 22), handed in by app.ts so this
 * module imports none.
 */
export type CompletionCheck = (
  tx: Tx,
  order: Pick<LockedWorkOrder, 'id' | 'projectType' | 'branchId'>,
) => Promise<string | null>;

const noCompletionCheck: CompletionCheck = async () => null;

/**
 * What other modules do when a transfer hands an order's work to a new pending order, in the
 * same transaction (issue 39 item 25: a maintenance visit follows its work to the new order).
 * Handed in by app.ts, as the completion check is.
 */
export type ReassignmentHook = (tx: Tx, fromId: string, toId: string) => Promise<void>;

const noReassignmentHook: ReassignmentHook = async () => {};

async function reassign(tx: Tx, fromId: string, hook: ReassignmentHook) {
  const created = await insertReassignmentOrder(tx, fromId);
  await hook(tx, fromId, created.id);
  return created;
}

/** Refuses the send-for-approval (409, as a missing payment) while the check says no. */
async function passCompletionCheck(check: CompletionCheck, tx: Tx, order: LockedWorkOrder) {
  const refusal = await check(tx, order);
  if (refusal) throw conflict(refusal);
}

/** POST /api/update-work-status: the action is the one leading to the requested status. */
export async function updateWorkStatus(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ChangeRequest & { status: WorkOrderStatus },
  completionCheck: CompletionCheck = noCompletionCheck,
  reassigned: ReassignmentHook = noReassignmentHook,
  clock: Clock = systemClock,
): Promise<WorkOrderDetail> {
  const { orderId } = await applyChange(
    db,
    actor,
    scope,
    input,
    (order) => {
      const action = actionForStatus(order.status, input.status);
      if (!action || action === 'assign') {
        throw conflict(WORK_ORDER_MESSAGES.cannotChange(order.status, input.status));
      }
      return action;
    },
    async (tx, order) => {
      if (input.status === 'pending-approval')
        await passCompletionCheck(completionCheck, tx, order);
      if (order.status === 'paused' && input.status === 'in-progress' && !input.remark?.trim()) {
        return { historyRemark: WORK_ORDER_MESSAGES.resumedByTechnician };
      }
      if (input.status === 'completed')
        return { values: { approvedBy: actor.id, completedAt: new Date() } };
      return {};
    },
    async (tx, order) => {
      if (input.status === 'transferred') await reassign(tx, order.id, reassigned);
    },
    clock,
  );
  return detailOf(db, orderId);
}

/** POST /api/complete-work-order: 'Complete Project & Send for Approval' (needs a payment). */
export async function completeWorkOrder(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ChangeRequest,
  completionCheck: CompletionCheck = noCompletionCheck,
  clock: Clock = systemClock,
): Promise<WorkOrderDetail> {
  const { orderId } = await applyChange(
    db,
    actor,
    scope,
    input,
    () => 'send-for-approval',
    async (tx, order) => {
      await passCompletionCheck(completionCheck, tx, order);
      return { historyRemark: input.remark?.trim() || WORK_ORDER_MESSAGES.sentForApproval };
    },
    undefined,
    clock,
  );
  return detailOf(db, orderId);
}

/** POST /api/approve-order: a manager of the branch, with a note of at least 5 words. */
export async function approveOrder(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ChangeRequest,
): Promise<WorkOrderDetail> {
  const { orderId } = await applyChange(
    db,
    actor,
    scope,
    input,
    () => 'approve',
    async () => ({
      values: { approvedBy: actor.id, completedAt: new Date() },
    }),
  );
  return detailOf(db, orderId);
}

/**
 * POST /api/accept-technician-project-transfer: the order becomes transferred and a new
 * pending order of the same project, with the whole history, waits for reassignment.
 */
export async function acceptTransfer(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: ChangeRequest,
  reassigned: ReassignmentHook = noReassignmentHook,
): Promise<WorkOrderDetail & { newWorkOrder: { _id: string; orderId: string } }> {
  let created: { id: string; orderId: string } | undefined;
  const { orderId } = await applyChange(
    db,
    actor,
    scope,
    input,
    () => 'accept-transfer',
    undefined,
    async (tx, order) => {
      created = await reassign(tx, order.id, reassigned);
    },
  );
  const detail = await detailOf(db, orderId);
  if (!created) throw new Error('the reassignment order was not created');
  return { ...detail, newWorkOrder: { _id: created.id, orderId: created.orderId } };
}

/** POST /api/reject-technician-project-transfer: back to the technician, who may start again. */
export async function rejectTransfer(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: { customerId: string; orderId: string; rejectReason?: string | undefined },
): Promise<WorkOrderDetail> {
  const { orderId } = await applyChange(
    db,
    actor,
    scope,
    { customerId: input.customerId, orderId: input.orderId, remark: input.rejectReason },
    () => 'reject-transfer',
  );
  return detailOf(db, orderId);
}

/**
 * POST /api/remark-add: an activity entry (communication by default) in the history; the
 * status does not change. The technician of the order or a manager of its branch.
 */
export async function addWorkOrderRemark(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: {
    customerId: string;
    orderId: string;
    remark: string;
    activityType?: string | undefined;
    occurredAt?: string | undefined;
  },
  clock: Clock = systemClock,
): Promise<WorkOrderDetail> {
  const orderId = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.customerId, input.orderId);
    if (!seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
    const activityType = input.activityType ?? 'communication';
    await appendTimedHistory(
      tx,
      { workOrderId: order.id, status: activityType, remark: input.remark, updatedBy: actor.id },
      await timeOfAction(tx, clock, order.id, input.occurredAt),
    );
    await touchWorkOrder(tx, order.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'work-order.remark',
      entityType: 'work-order',
      entityId: order.id,
      summary: `${order.orderId}: ${activityType} remark`,
      changes: { activityType, remark: input.remark },
    });
    return order.id;
  });
  return detailOf(db, orderId);
}
