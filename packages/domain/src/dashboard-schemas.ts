import { z } from 'zod';
import { complaintCardsSchema } from './complaint-schemas';
import { lowStockCardSchema } from './report-schemas';
import { ENTITY_STATUSES } from './roles';
import { demoRequestSummarySchema } from './system-schemas';

/**
 * The six project-status columns of every overview table (spec 1 §2.4, §2.6, §2.8): Branch
 * Overview, Technicians Overview, Team Overview. Each row and the Total row carry them.
 */
export const statusCountsSchema = z.object({
  assigned: z.number(),
  inProgress: z.number(),
  pendingApproval: z.number(),
  completed: z.number(),
  transferring: z.number(),
  transferred: z.number(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;
export type StatusColumn = keyof StatusCounts;

export const STATUS_COLUMNS: readonly StatusColumn[] = [
  'assigned',
  'inProgress',
  'pendingApproval',
  'completed',
  'transferring',
  'transferred',
];

/**
 * The column a work-order status is counted in. A paused project (and one whose transfer
 * was rejected, which its technician resumes) is still in progress (spec 1 §4, spec 2 §2:
 * 'In Progress (assigned, in-progress, paused)' without the separate Assigned column).
 * Pending orders have no column: they are the 'Work Orders' card.
 */
export const STATUS_COLUMN_OF: Readonly<Record<string, StatusColumn | undefined>> = {
  assigned: 'assigned',
  'in-progress': 'inProgress',
  paused: 'inProgress',
  rejected: 'inProgress',
  'pending-approval': 'pendingApproval',
  completed: 'completed',
  transferring: 'transferring',
  transferred: 'transferred',
};

/** Spec 1 §4: 'Assigned projects' are assigned, in-progress and paused ones with a technician. */
export const ASSIGNED_PROJECT_STATUSES = ['assigned', 'in-progress', 'paused'] as const;
/** Spec 1 §9: the branch page's 'Assigned' tile counts assigned and in-progress projects. */
export const BRANCH_ASSIGNED_STATUSES = ['assigned', 'in-progress'] as const;

export function emptyStatusCounts(): StatusCounts {
  return {
    assigned: 0,
    inProgress: 0,
    pendingApproval: 0,
    completed: 0,
    transferring: 0,
    transferred: 0,
  };
}

/** The Total row: the sum of the rows, column by column. */
export function totalOf(rows: readonly StatusCounts[]): StatusCounts {
  const total = emptyStatusCounts();
  for (const row of rows) {
    for (const column of STATUS_COLUMNS) total[column] += row[column];
  }
  return total;
}

const branchRef = z.object({ _id: z.string(), name: z.string() });

/** One row of the admin's Branch Overview. */
export const branchOverviewRowSchema = statusCountsSchema.extend({
  _id: z.string(),
  name: z.string(),
});
export type BranchOverviewRow = z.infer<typeof branchOverviewRowSchema>;

/** One row of a Technicians (or Team) Overview. */
export const technicianOverviewRowSchema = statusCountsSchema.extend({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(ENTITY_STATUSES),
});
export type TechnicianOverviewRow = z.infer<typeof technicianOverviewRowSchema>;

/** The admin's eight cards (spec 1 §2.4), for every branch or the filtered one. */
export const adminCardsSchema = z.object({
  totalBranches: z.number(),
  /** Active technicians only (spec 1 §6). */
  totalTechnicians: z.number(),
  /** Catalogue items; with a branch filter, the items that branch holds stock of. */
  inventoryItems: z.number(),
  totalCustomers: z.number(),
  /** Pending work orders waiting for a technician (spec 1 §9). */
  workOrders: z.number(),
  assignedProjects: z.number(),
  pendingApprovals: z.number(),
  completedProjects: z.number(),
});
export type AdminCards = z.infer<typeof adminCardsSchema>;

/** The manager's eight cards (spec 1 §2.4), for their branch. */
export const managerCardsSchema = z.object({
  /** Leads not yet converted. */
  activeLeads: z.number(),
  customers: z.number(),
  /** Active technicians of the branch. */
  technicians: z.number(),
  /** Serial stock entries plus generic quantities in the branch (spec 1 §6). */
  inventoryItems: z.number(),
  pendingWorkOrders: z.number(),
  assignedProjects: z.number(),
  pendingApprovals: z.number(),
  completedProjects: z.number(),
});
export type ManagerCards = z.infer<typeof managerCardsSchema>;

/**
 * Maintenance contracts (issue 23): the 'Overdue' card (visits past their due date, not
 * completed), contracts under 'Renewals due' (active, ending within 30 days) and the next
 * visit due, counted on the server's today.
 */
export const maintenanceCardsSchema = z.object({
  overdueVisits: z.number(),
  renewalsDue: z.number(),
  nextVisitDue: z.string().nullable(),
});
export type MaintenanceCards = z.infer<typeof maintenanceCardsSchema>;

export const adminDashboardSchema = z.object({
  view: z.literal('admin'),
  /** The branch filter applied, or null for every branch. */
  branch: branchRef.nullable(),
  cards: adminCardsSchema,
  branchOverview: z.object({
    rows: z.array(branchOverviewRowSchema),
    total: statusCountsSchema,
  }),
  /** Landing-page demo requests nobody has called yet (whatever the branch filter). */
  demoRequests: demoRequestSummarySchema,
  maintenance: maintenanceCardsSchema,
  /** Issue 37: complaints at risk and breached this month, of the filter's branches. */
  complaints: complaintCardsSchema,
  /** Issue 38: items below their reorder level, in the filter's branch (or every branch). */
  lowStock: lowStockCardSchema,
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const managerDashboardSchema = z.object({
  view: z.literal('manager'),
  branch: branchRef,
  cards: managerCardsSchema,
  techniciansOverview: z.object({
    rows: z.array(technicianOverviewRowSchema),
    total: statusCountsSchema,
  }),
  maintenance: maintenanceCardsSchema,
  /** Issue 37: the branch's complaints at risk and breached this month. */
  complaints: complaintCardsSchema,
  /** Issue 38: the 'Low stock' card: the branch's items below their reorder level. */
  lowStock: lowStockCardSchema,
});
export type ManagerDashboard = z.infer<typeof managerDashboardSchema>;

/** GET /api/get-dashboard: what the signed-in admin or manager's dashboard shows. */
export const dashboardSchema = z.discriminatedUnion('view', [
  adminDashboardSchema,
  managerDashboardSchema,
]);
export type Dashboard = z.infer<typeof dashboardSchema>;
