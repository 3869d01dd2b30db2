import { z } from 'zod';
import { workOrderSchema } from './contact';
import { WORK_ORDER_STATUSES } from './contact-schemas';
import { occurredAtField } from './occurred-at';
import { isUuid } from './user-schemas';
import { WORK_ORDER_STATE_MESSAGES } from './work-order-state';

/** The request and answer shapes of the work-order endpoints (spec 2 §3, §7), server and web. */

export const WORK_ORDER_MESSAGES = {
  ...WORK_ORDER_STATE_MESSAGES,
  selectTechnician: 'Please select a technician',
  technicianNotFound: 'Technician not found',
  invalidProject: 'Invalid project data',
  remarkRequired: 'Please enter a remark',
  invalidStatus: 'Unknown work order status',
  invalidCategory: 'Category must be New Installation or Repair',
  technicianAssigned: 'Technician assigned successfully',
  statusUpdated: 'Work order status updated successfully',
  remarkAdded: 'Remark added successfully',
  sentForApproval: 'Project completed and sent for approval',
  projectApproved: 'Project approved successfully',
  transferAccepted: 'Transfer request accepted successfully',
  transferRejected: 'Transfer request rejected successfully',
  noActiveProject: 'No active project',
  /** The automatic remark of a resume without a reason (spec 2 §4). */
  resumedByTechnician: 'Project resumed by technician',
} as const;

/** Activity entries of the status history that do not change the status (spec 2 §3). */
export const ACTIVITY_TYPES = ['communication', 'remark'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * An order reference: the readable orderId ('WO-2026-000123') or the order's _id. Missing or
 * blank reads as 'Invalid project data' (spec 2 §5).
 */
const orderRef = z
  .string({ error: WORK_ORDER_MESSAGES.invalidProject })
  .trim()
  .min(1, WORK_ORDER_MESSAGES.invalidProject);
const customerRef = z
  .string({ error: WORK_ORDER_MESSAGES.invalidProject })
  .trim()
  .refine(isUuid, WORK_ORDER_MESSAGES.invalidProject);
const optionalText = z.string().optional();

const orderKey = { customerId: customerRef, orderId: orderRef };

/** POST /api/assign-technician */
export const assignTechnicianSchema = z.object({
  ...orderKey,
  technicianId: z
    .string({ error: WORK_ORDER_MESSAGES.selectTechnician })
    .trim()
    .refine(isUuid, WORK_ORDER_MESSAGES.selectTechnician),
  instructions: optionalText,
});
export type AssignTechnicianInput = z.infer<typeof assignTechnicianSchema>;

/**
 * POST /api/update-work-status: the technician's start, pause, resume, stop and (from the
 * bill wizard) send-for-approval. The state machine decides whether the change is allowed.
 */
export const updateWorkStatusSchema = z.object({
  ...orderKey,
  status: z.enum(WORK_ORDER_STATUSES, { error: WORK_ORDER_MESSAGES.invalidStatus }),
  remark: optionalText,
  /** When the technician did it, from a queued action (issue 39 item 3, decision 043). */
  occurredAt: occurredAtField,
});
export type UpdateWorkStatusInput = z.infer<typeof updateWorkStatusSchema>;

/** POST /api/remark-add */
export const addWorkOrderRemarkSchema = z.object({
  ...orderKey,
  remark: z
    .string({ error: WORK_ORDER_MESSAGES.remarkRequired })
    .trim()
    .min(1, WORK_ORDER_MESSAGES.remarkRequired),
  activityType: z.enum(ACTIVITY_TYPES).optional(),
  occurredAt: occurredAtField,
});
export type AddWorkOrderRemarkInput = z.infer<typeof addWorkOrderRemarkSchema>;

/** POST /api/complete-work-order: 'Complete Project & Send for Approval', optional notes. */
export const completeWorkOrderSchema = z.object({
  ...orderKey,
  remark: optionalText,
  occurredAt: occurredAtField,
});
export type CompleteWorkOrderInput = z.infer<typeof completeWorkOrderSchema>;

/** POST /api/approve-order and POST /api/accept-technician-project-transfer */
export const orderRemarkSchema = z.object({ ...orderKey, remark: optionalText });
export type OrderRemarkInput = z.infer<typeof orderRemarkSchema>;

/** POST /api/reject-technician-project-transfer */
export const rejectTransferSchema = z.object({ ...orderKey, rejectReason: optionalText });
export type RejectTransferInput = z.infer<typeof rejectTransferSchema>;

/* ---------------------------------------------------------------- answers */

const personRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

export const statusHistoryEntrySchema = z.object({
  status: z.string(),
  remark: z.string(),
  updatedAt: z.string(),
  updatedBy: personRef.nullable(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

/** A confirmed (paid) bill of the order (spec 2 §3 Billing entry); amounts in rupees. */
export const billingEntrySchema = z.object({
  billId: z.string(),
  billNumber: z.string(),
  amount: z.number(),
  paidAmount: z.number(),
  paymentStatus: z.enum(['paid', 'partial', 'unpaid']),
  paymentMethod: z.enum(['online', 'cash']).nullable(),
  transactionId: z.string().nullable(),
  paidAt: z.string(),
});
export type BillingEntry = z.infer<typeof billingEntrySchema>;

/**
 * A work order as the work-order screens read it: the contact answer plus the history,
 * payments, rejection and pause details (spec 2 §3).
 */
export const workOrderDetailSchema = workOrderSchema.extend({
  technician: personRef.extend({ phoneNumber: z.string(), username: z.string() }).nullable(),
  /** Where the work is: the order's site address, else the customer's. */
  location: z.string(),
  /** The state of the site (issue 19): the order's own, else the customer's; null: neither. */
  siteStateCode: z.string().nullable(),
  /**
   * The place of supply an invoice of this order takes: the site's state, else the
   * customer's, else the branch's (decision 020).
   */
  placeOfSupply: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** The project's creation: the installation's for a complaint, the order's own otherwise. */
  projectCreatedAt: z.string(),
  /** A complaint: when the installation it is about was completed. */
  projectCompletedAt: z.string().nullable(),
  approvedBy: personRef.nullable(),
  /** The earlier order of the same project this one was created from by a transfer. */
  transferredFromOrderId: z.string().nullable(),
  statusHistory: z.array(statusHistoryEntrySchema),
  billingInfo: z.array(billingEntrySchema),
  /** A payment is recorded (spec 2 §4): a confirmed bill or a payment entry in the history. */
  paymentDone: z.boolean(),
  rejectReason: z.string().nullable(),
  rejectDate: z.string().nullable(),
  rejectHistory: z.array(
    z.object({ reason: z.string(), rejectedAt: z.string(), rejectedBy: personRef.nullable() }),
  ),
  pauseReason: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /**
   * Whom a UPI payment of this order goes to (its branch's payee, else the server's); only in
   * get-work-order-details and confirm-order-bill. Null: no QR code can be drawn.
   */
  upiPayee: z.object({ vpa: z.string(), name: z.string() }).nullable().optional(),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** GET /api/technician-active-projects (the fields sit beside data, spec 2 §7). */
export const activeProjectAnswerSchema = z.object({
  success: z.literal(true),
  hasActiveProject: z.boolean(),
  activeProject: z
    .object({
      _id: z.string(),
      orderId: z.string(),
      customerId: z.string(),
      projectType: z.string(),
      projectCategory: z.string(),
    })
    .nullable(),
  data: z
    .object({
      _id: z.string(),
      orderId: z.string(),
      customerId: z.string(),
      projectType: z.string(),
      projectCategory: z.string(),
    })
    .nullable(),
  message: z.string(),
});
export type ActiveProjectAnswer = z.infer<typeof activeProjectAnswerSchema>;

/** List paging of the work-order lists: ?page=&pageSize= or ?limit=&offset=. */
export const WORK_ORDER_DEFAULT_PAGE_SIZE = 100;
export const WORK_ORDER_MAX_PAGE_SIZE = 500;
