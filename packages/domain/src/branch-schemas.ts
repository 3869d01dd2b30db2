import { z } from 'zod';
import type { StatusCounts, TechnicianOverviewRow } from './dashboard-schemas';
import { INVOICE_MESSAGES } from './invoice-schemas';
import type { EntityStatus } from './roles';
import { ENTITY_STATUSES } from './roles';
import { gstinField, invoicePrefixField, stateCodeField, taxStateOf } from './tax-fields';

export const BRANCH_MESSAGES = {
  nameAndLocationRequired: 'Branch name and location are required',
  branchAdded: 'Branch added successfully',
  branchNotFound: 'Branch not found',
  noManager: 'None',
  branchUpdated: 'Branch updated successfully',
  invalidUpiVpa: 'Please enter a valid UPI ID (for example shop@okbank)',
} as const;

/** A UPI id: handle@provider. Blank or null clears the branch's own payee (decision 008). */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z0-9.-]{2,64}$/;
const upiVpa = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || UPI_VPA_PATTERN.test(value), BRANCH_MESSAGES.invalidUpiVpa);
const upiName = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null);

const nameOrLocation = z
  .string({ error: BRANCH_MESSAGES.nameAndLocationRequired })
  .trim()
  .min(1, BRANCH_MESSAGES.nameAndLocationRequired);

const branchFields = z.object({
  name: nameOrLocation,
  location: nameOrLocation,
  address: z.string().trim().optional(),
  phone: z.string().trim().optional(),
  status: z.enum(ENTITY_STATUSES, { error: 'Status must be active or inactive' }).optional(),
  /** The branch's UPI payee for bills (admins); absent or blank: the server's default. */
  upiVpa: upiVpa.optional(),
  upiName: upiName.optional(),
  /**
   * Tax identity (issue 19): the GSTIN (null or blank: none, the branch issues bills of
   * supply), the GST state code it supplies from (taken from the GSTIN when not sent), and
   * its invoice series prefix (null: given from the name at its first invoice).
   */
  gstin: gstinField.optional(),
  stateCode: stateCodeField.optional(),
  invoicePrefix: invoicePrefixField.optional(),
  /**
   * Issue 22 (decision 033): the customer's signature is required before a project is sent
   * for approval. On when not sent.
   */
  requireSignature: z
    .boolean({ error: 'Customer signature required must be true or false' })
    .optional(),
});

/** A GSTIN sent with a state code must be of that state (the server also checks the saved one). */
function gstinOfItsState(
  branch: { gstin?: string | null; stateCode?: string | null },
  ctx: z.RefinementCtx,
) {
  if (taxStateOf(branch.gstin ?? null, branch.stateCode ?? null) === 'mismatch')
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: INVOICE_MESSAGES.gstinStateMismatch });
}

/** POST /api/add-branches */
export const addBranchSchema = branchFields.superRefine(gstinOfItsState);
export type AddBranchInput = z.infer<typeof addBranchSchema>;

/** POST /api/update-branch/{branchId}: only the fields sent change; null clears a UPI or tax field. */
export const updateBranchSchema = branchFields.partial().superRefine(gstinOfItsState);
export type UpdateBranchInput = z.infer<typeof updateBranchSchema>;

/** A branch as the branch list and detail answer it, with its derived figures (spec 1 §3). */
export interface BranchSummary {
  _id: string;
  name: string;
  location: string;
  address: string;
  phone: string;
  status: EntityStatus;
  /** The branch's own UPI payee; null: bills use the server's default. */
  upiVpa: string | null;
  upiName: string | null;
  /** Null: no GSTIN, the branch issues bills of supply. */
  gstin: string | null;
  /** GST state code ('29'); null until an admin sets it. */
  stateCode: string | null;
  /** The invoice series ('KOTH'); null until set or given at the first invoice. */
  invoicePrefix: string | null;
  /** The customer's signature is needed before 'Complete Project & Send for Approval'. */
  requireSignature: boolean;
  createdAt: string;
  createdBy: { firstName: string; lastName: string } | null;
  /** The active manager's full name, or 'None'. */
  manager: string;
  /** The active manager, for the Branch Manager card; null when there is none. */
  managerInfo: {
    _id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
  } | null;
  /** Active technicians. */
  technicians: number;
  customers: number;
  /** Open leads plus customers: the branch page's 'Leads and Customers' tile. */
  leadsAndCustomers: number;
  /** Completed projects. */
  projects: number;
  /** Pending work orders with no technician: the 'Work Orders' tile (spec 1 §9). */
  workOrders: number;
  /** Assigned and in-progress projects: the 'Assigned' tile (spec 1 §9). */
  assigned: number;
  /** Units in the branch's stock: serial units plus generic quantities (spec 1 §6). */
  stock: number;
}

/** GET /api/get-branch/{branchId}: the branch plus its Technicians Overview (spec 1 §2.8). */
export interface BranchDetail extends BranchSummary {
  techniciansOverview: {
    rows: TechnicianOverviewRow[];
    total: StatusCounts;
  };
}
