import { z } from 'zod';
import type { StatusCounts, TechnicianOverviewRow } from './dashboard-schemas';
import type { EntityStatus } from './roles';
import { ENTITY_STATUSES } from './roles';

export const BRANCH_MESSAGES = {
  nameAndLocationRequired: 'Branch name and location are required',
  branchAdded: 'Branch added successfully',
  branchNotFound: 'Branch not found',
  noManager: 'None',
} as const;

const nameOrLocation = z
  .string({ error: BRANCH_MESSAGES.nameAndLocationRequired })
  .trim()
  .min(1, BRANCH_MESSAGES.nameAndLocationRequired);

/** POST /api/add-branches */
export const addBranchSchema = z.object({
  name: nameOrLocation,
  location: nameOrLocation,
  address: z.string().trim().optional(),
  phone: z.string().trim().optional(),
  status: z.enum(ENTITY_STATUSES, { error: 'Status must be active or inactive' }).optional(),
});
export type AddBranchInput = z.infer<typeof addBranchSchema>;

/** A branch as the branch list and detail answer it, with its derived figures (spec 1 §3). */
export interface BranchSummary {
  _id: string;
  name: string;
  location: string;
  address: string;
  phone: string;
  status: EntityStatus;
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
}

/** GET /api/get-branch/{branchId}: the branch plus its Technicians Overview (spec 1 §2.8). */
export interface BranchDetail extends BranchSummary {
  techniciansOverview: {
    rows: TechnicianOverviewRow[];
    total: StatusCounts;
  };
}
