import { z } from 'zod';
import { workOrderSlaSchema } from './complaint-schemas';
import { LEAD_STATUSES, PROJECT_CATEGORIES, WORK_ORDER_STATUSES } from './contact-schemas';
import { UPDATE_LANGUAGES } from './customer-updates';
import { ENTITY_STATUSES } from './roles';

/** The answer shapes of the contact endpoints (spec 1 §3, §7.3), shared by server and web. */

const branchRef = z.object({ _id: z.string(), name: z.string() });
const personRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string() });

export const remarkSchema = z.object({
  _id: z.string(),
  text: z.string(),
  status: z.enum(LEAD_STATUSES),
  createdAt: z.string(),
  createdBy: personRef.nullable(),
});
export type Remark = z.infer<typeof remarkSchema>;

const contactBase = {
  _id: z.string(),
  name: z.string(),
  /** As typed. */
  phoneNumber: z.string(),
  /** Country code and digits, e.g. '+919876543210'. */
  normalizedPhone: z.string(),
  whatsappNumber: z.string(),
  email: z.string(),
  address: z.string(),
  age: z.number().nullable(),
  /** GST state code of the address ('29'); null: not given (issue 19). */
  stateCode: z.string().nullable(),
  /** A business customer's GSTIN; null for consumers. */
  gstin: z.string().nullable(),
  /** The language of the contact's WhatsApp updates and job-status page (issue 21). */
  preferredLanguage: z.enum(UPDATE_LANGUAGES),
  branch: branchRef,
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A lead; remarks (newest first) only in the single-lead and write answers, [] in lists. */
export const leadSchema = z.object({
  ...contactBase,
  contactType: z.literal('lead'),
  status: z.enum(LEAD_STATUSES),
  initialRemark: z.string(),
  /** Where it came from when not added at the desk: 'WhatsApp' (issue 40); null otherwise. */
  source: z.string().nullable().optional(),
  converted: z.boolean(),
  remarks: z.array(remarkSchema),
});
export type Lead = z.infer<typeof leadSchema>;

export const workOrderSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  projectId: z.string(),
  projectType: z.string(),
  projectCategory: z.enum(PROJECT_CATEGORIES),
  status: z.enum(WORK_ORDER_STATUSES),
  customerId: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerWhatsapp: z.string(),
  /** Where the work is: the order's site address, else the customer's (issue 19). */
  customerAddress: z.string(),
  /** The customer's preferred language: the one its updates are sent in (issue 21). */
  customerLanguage: z.enum(UPDATE_LANGUAGES),
  branch: branchRef,
  branchName: z.string(),
  technician: personRef.nullable(),
  originalTechnician: personRef.extend({ phoneNumber: z.string() }).nullable(),
  /** A complaint: the _id of the installation work order (the project) it is about. */
  existingProjectId: z.string().nullable(),
  initialRemark: z.string(),
  instructions: z.string(),
  assignedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A complaint's response clock (issue 37); null for any other order. */
  sla: workOrderSlaSchema.nullable(),
  statusHistory: z
    .array(
      z.object({
        status: z.string(),
        remark: z.string(),
        updatedAt: z.string(),
        updatedBy: personRef.nullable(),
      }),
    )
    .optional(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

/** A customer; projects, workOrders and leadId as an object only in the single-customer answer. */
export const customerSchema = z.object({
  ...contactBase,
  contactType: z.literal('customer'),
  status: z.enum(ENTITY_STATUSES),
  convertedFromLead: z.boolean(),
  /** Lists: the lead's id or null. Single customer: the lead with its remarks (Lead History). */
  leadId: z
    .union([
      z.string(),
      z.object({
        _id: z.string(),
        name: z.string(),
        createdAt: z.string(),
        remarks: z.array(remarkSchema),
      }),
    ])
    .nullable(),
  /** The installations (New Installation work orders), newest first. */
  projects: z.array(
    z.object({
      _id: z.string(),
      projectId: z.string(),
      projectType: z.string(),
      status: z.enum(WORK_ORDER_STATUSES),
      createdAt: z.string(),
    }),
  ),
  workOrders: z.array(workOrderSchema),
});
export type Customer = z.infer<typeof customerSchema>;

/** A row of the combined contact list (GET /api/get-contacts). */
export const contactRowSchema = z.object({
  _id: z.string(),
  contactType: z.enum(['lead', 'customer']),
  name: z.string(),
  phoneNumber: z.string(),
  whatsappNumber: z.string(),
  email: z.string(),
  address: z.string(),
  age: z.number().nullable(),
  /** A lead's status; 'positive' for a customer (spec 1 §3). */
  status: z.string(),
  branch: branchRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactRow = z.infer<typeof contactRowSchema>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
