import { z } from 'zod';
import { isUuid } from './user-schemas';

/** Spec 2 §5, §8: the warranty messages, and the ones a real desk needs beside them. */
export const WARRANTY_MESSAGES = {
  describeIssue: 'Please describe the issue to register warranty',
  checkerRequired: 'Please enter who checked the issue',
  newSerialRequired: 'New serial number is required',
  serialRequired: 'Please enter or scan a serial number',
  productNotFound: 'Could not load product details',
  notAtCustomer:
    'This serial number is not installed at a customer of your branch. Only installed products can be replaced under warranty.',
  noWarranty: 'This product has no warranty',
  expired: (date: string) => `The warranty of this product expired on ${date}`,
  claimOpen: 'A warranty claim is already open for this product',
  replacementNotFound: 'Warranty replacement not found',
  notReplaced: 'A new issue can be registered only after the last one was replaced',
  alreadyReplaced: 'This replacement has already been completed',
  alreadyApproved: 'This replacement has already been approved',
  newSerialNotInStock:
    'New serial number not found in your stock. Use a unit of the same product from the branch stock (or your van stock).',
  sameSerial: 'The new serial number must differ from the faulty one',
  wrongProduct: (name: string) => `The new serial number must be a unit of ${name}`,
  workOrderMismatch: 'This serial number was not installed on that work order',
  registered: 'Warranty issue registered successfully',
  updated: 'Warranty claim updated successfully',
  approved: 'Warranty replacement approved',
  completed: 'Product replacement completed successfully!',
  registerFailed: 'Failed to register warranty',
  updateFailed: 'Failed to update warranty',
  completeFailed: 'Failed to complete replacement',
  /** The status-history remark of a completed replacement (issue 13). */
  historyRemark: (oldSerial: string, newSerial: string) =>
    `Warranty replacement: ${oldSerial} → ${newSerial}`,
  /** Issue 39 item 17: the complaint a replacement answers. */
  complaintNotFound:
    "This complaint was not found among the installation's complaints in your branch",
  complaintClosed: (orderId: string, status: string) => `Complaint ${orderId} is already ${status}`,
  /** The complaint order's history remark when completing the replacement closes it. */
  complaintClosedRemark: (oldSerial: string, newSerial: string) =>
    `Closed by warranty replacement: ${oldSerial} → ${newSerial}`,
  /** Only a complaint no technician has started can be closed by the replacement. */
  complaintLeftOpen: (orderId: string, status: string) =>
    `Complaint ${orderId} is ${status} with its technician: it stays open and closes with its own order`,
} as const;

/** Complaint orders a replacement may close: none started by a technician (issue 39 item 17). */
export const CLOSABLE_COMPLAINT_STATUSES = ['pending', 'assigned'] as const;
export const isClosableComplaint = (status: string) =>
  (CLOSABLE_COMPLAINT_STATUSES as readonly string[]).includes(status);

/** Spec 2 §4: pending → approved → replaced; 'approved' is the optional manager's check. */
export const REPLACEMENT_STATUSES = ['pending', 'approved', 'replaced'] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];

const serial = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);
const replacementId = z
  .string({ error: WARRANTY_MESSAGES.replacementNotFound })
  .trim()
  .refine(isUuid, WARRANTY_MESSAGES.replacementNotFound);
const issueFields = {
  issueDescription: z
    .string({ error: WARRANTY_MESSAGES.describeIssue })
    .trim()
    .min(1, WARRANTY_MESSAGES.describeIssue)
    .max(2000),
  issueCheckedBy: z
    .string({ error: WARRANTY_MESSAGES.checkerRequired })
    .trim()
    .min(1, WARRANTY_MESSAGES.checkerRequired)
    .max(200),
};

/**
 * POST /api/register-replacement. The work order, customer name and phone default from the
 * unit's installation; a given workOrderId (the readable 'WO-…' or the _id) must be it.
 */
export const registerReplacementSchema = z.object({
  serialNumber: serial(WARRANTY_MESSAGES.serialRequired),
  workOrderId: z.string().trim().max(100).optional().nullable(),
  customerName: z.string().trim().max(200).optional().nullable(),
  customerPhone: z.string().trim().max(30).optional().nullable(),
  /** The complaint (Repair) order of the same installation this replacement answers. */
  complaintOrderId: z.string().trim().max(100).optional().nullable(),
  ...issueFields,
});
export type RegisterReplacementInput = z.infer<typeof registerReplacementSchema>;

/** POST /api/warranty-claim: a new issue on a replaced unit still under warranty. */
export const warrantyClaimSchema = z.object({ replacementId, ...issueFields });
export type WarrantyClaimInput = z.infer<typeof warrantyClaimSchema>;

/** POST /api/approve-replacement: the manager accepts the claim (optional step). */
export const approveReplacementSchema = z.object({ replacementId });

/** POST /api/complete-replacement */
export const completeReplacementSchema = z.object({
  replacementId,
  newSerialNumber: serial(WARRANTY_MESSAGES.newSerialRequired),
  /** Complete the linked complaint's order too, when it is still pending or assigned. */
  closeComplaint: z.boolean().optional(),
});
export type CompleteReplacementInput = z.infer<typeof completeReplacementSchema>;

/* ------------------------------------------------------------------ answers */

const iso = z.string();

/** Spec 2 §3 'Product details (warranty)' plus the computed warranty and where the unit is. */
export const warrantyStatusSchema = z.object({
  serialNumber: z.string(),
  productName: z.string(),
  /** The catalogue item's client-made id ('ITEM-…') and _id. */
  itemId: z.string(),
  _id: z.string(),
  /** Sale price in rupees. */
  price: z.number(),
  installationDate: iso.nullable(),
  /** The catalogue item's warranty text ('1 year', 'No Warranty'). */
  warranty: z.string(),
  technicianName: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** The readable id of the work order the unit is installed on. */
  workOrderId: z.string().nullable(),
  branchName: z.string().nullable(),
  /** supplier | branch | technician | pending-return | customer | faulty */
  location: z.string(),
  underWarranty: z.boolean(),
  expiryDate: iso.nullable(),
  daysLeft: z.number(),
  warrantyDays: z.number().nullable(),
  /** The unit's warranty record, if an issue was ever registered on it or its predecessors. */
  replacementId: z.string().nullable(),
  replacementStatus: z.enum(REPLACEMENT_STATUSES).nullable(),
});
export type WarrantyStatus = z.infer<typeof warrantyStatusSchema>;

export const warrantyIssueSchema = z.object({
  _id: z.string(),
  reportedAt: iso,
  issueDescription: z.string(),
  issueCheckedBy: z.string(),
  /** The unit the issue was found on. */
  faultySerialNumber: z.string(),
  replacementSerialNumber: z.string().nullable(),
  replacedAt: iso.nullable(),
  reportedBy: z.string().nullable(),
  replacedBy: z.string().nullable(),
});
export type WarrantyIssue = z.infer<typeof warrantyIssueSchema>;

/** Spec 2 §3 'Warranty replacement', plus the chain of units and the branch. */
export const replacementSchema = z.object({
  _id: z.string(),
  /** The unit first installed, whose serial opened the record. */
  serialNumber: z.string(),
  productName: z.string(),
  itemId: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** The readable id ('WO-…') of the work order the units are installed on. */
  workOrderId: z.string(),
  customerId: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  registeredAt: iso,
  updatedAt: iso,
  status: z.enum(REPLACEMENT_STATUSES),
  /** The latest replacement unit (now at the customer), or null before the first. */
  replacementSerialNumber: z.string().nullable(),
  /** The unit at the customer now: the latest replacement, or the original. */
  currentSerialNumber: z.string(),
  /** Every unit in order: original → replacement → its replacement. */
  chain: z.array(z.string()),
  issues: z.array(warrantyIssueSchema),
  /** The complaint order this replacement answers (issue 39 item 17), or null. */
  complaint: z.object({ orderId: z.string(), status: z.string() }).nullable(),
});
export type Replacement = z.infer<typeof replacementSchema>;

/** One event in an installed unit's life (the installed-unit record). */
export const unitEventSchema = z.object({
  at: iso,
  /** True when only a date was given (a stock entry's date): `at` is that day, no time. */
  dateOnly: z.boolean().optional(),
  /** stock-in | assigned | returned | confirmed | billed | faulty | replacement | warranty-issue | complaint */
  kind: z.string(),
  title: z.string(),
  detail: z.string(),
  by: z.string().nullable(),
});
export type UnitEvent = z.infer<typeof unitEventSchema>;

/** GET /api/serial-number-record/{serial}: where the unit is and everything that happened to it. */
export const unitRecordSchema = z.object({
  status: warrantyStatusSchema,
  /** Where it is now, in words ('Branch Inventory (Pune)', 'At customer Asha Rao'). */
  place: z.string(),
  events: z.array(unitEventSchema),
  /** Complaint (Repair) orders on the project the unit was installed on. */
  complaints: z.array(
    z.object({
      orderId: z.string(),
      status: z.string(),
      projectType: z.string(),
      createdAt: iso,
      technicianName: z.string().nullable(),
    }),
  ),
  replacement: replacementSchema.nullable(),
});
export type UnitRecord = z.infer<typeof unitRecordSchema>;

/** GET /api/get-installed-units?customerId=: the units at a customer's site, with their warranty. */
export const installedUnitSchema = z.object({
  serialNumber: z.string(),
  productName: z.string(),
  installationDate: iso.nullable(),
  /** The readable id of the work order the unit is installed on. */
  workOrderId: z.string(),
  warranty: z.string(),
  underWarranty: z.boolean(),
  expiryDate: iso.nullable(),
  daysLeft: z.number(),
  replacementStatus: z.enum(REPLACEMENT_STATUSES).nullable(),
});
export type InstalledUnit = z.infer<typeof installedUnitSchema>;
