import type { ComplaintCards } from '@karya/domain/complaint-schemas';
import type {
  AdminCards,
  MaintenanceCards,
  ManagerCards,
  ManagerDashboard,
} from '@karya/domain/dashboard-schemas';
import { dayMonthYear } from '@karya/domain/day-text';

export interface DashboardCard {
  label: string;
  value: number | string;
  /** Admin cards navigate (spec 1 §2.4); manager cards do not. */
  to?: string;
}

/**
 * The admin's eight cards in the spec's order, each leading to the screen behind its count.
 * With a branch filter the destinations keep it (?branch=), as those screens accept it; the
 * filtered Inventory Items count is the branch's stock, so it leads to that branch's stock.
 */
export function adminCards(cards: AdminCards, branch: string | null): DashboardCard[] {
  const query = branch ? `?branch=${encodeURIComponent(branch)}` : '';
  return [
    { label: 'Total Branches', value: cards.totalBranches, to: '/branches' },
    { label: 'Total Technicians', value: cards.totalTechnicians, to: `/users/technicians${query}` },
    {
      label: 'Inventory Items',
      value: cards.inventoryItems,
      to: branch ? `/inventory${query}` : '/inventory-items',
    },
    { label: 'Total Customers', value: cards.totalCustomers, to: `/contacts${query}` },
    { label: 'Work Orders', value: cards.workOrders, to: `/work-orders${query}` },
    { label: 'Assigned Projects', value: cards.assignedProjects, to: `/manager-dashboard${query}` },
    { label: 'Pending Approvals', value: cards.pendingApprovals, to: `/manager-dashboard${query}` },
    {
      label: 'Completed Projects',
      value: cards.completedProjects,
      to: `/manager-dashboard${query}`,
    },
  ];
}

/** The manager's eight cards in the spec's order; they only show their counts. */
export function managerCards(cards: ManagerCards): DashboardCard[] {
  return [
    { label: 'Active Leads', value: cards.activeLeads },
    { label: 'Customers', value: cards.customers },
    { label: 'Technicians', value: cards.technicians },
    { label: 'Inventory Items', value: cards.inventoryItems },
    { label: 'Pending Work Orders', value: cards.pendingWorkOrders },
    { label: 'Assigned Projects', value: cards.assignedProjects },
    { label: 'Pending Approvals', value: cards.pendingApprovals },
    { label: 'Completed Projects', value: cards.completedProjects },
  ];
}

/**
 * Beyond spec 1 §2.4 (issue 23): the maintenance contracts' cards, after the spec's eight:
 * 'Overdue' visits, contracts under 'Renewals due' and the next visit due, each leading to
 * the contracts (with the admin's branch kept).
 */
export function maintenanceCards(cards: MaintenanceCards, branch: string | null): DashboardCard[] {
  const query = (view: string | null) => {
    const params = new URLSearchParams();
    if (view) params.set('view', view);
    if (branch) params.set('branch', branch);
    const text = params.toString();
    return `/maintenance-contracts${text ? `?${text}` : ''}`;
  };
  return [
    { label: 'Overdue', value: cards.overdueVisits, to: query('overdue') },
    { label: 'Renewals due', value: cards.renewalsDue, to: query('renewals') },
    {
      label: 'Next AMC visit',
      value: cards.nextVisitDue ? dayMonthYear(cards.nextVisitDue, ' ') : 'None scheduled',
      to: query(null),
    },
  ];
}

/**
 * Issue 37: the complaints whose response clock is amber or red and not yet started, leading
 * to the pending complaints; and those breached this India month, leading to the month's
 * complaints report (`month`, 'YYYY-MM'). The admin's branch filter goes along.
 */
export function complaintCards(
  cards: ComplaintCards,
  branch: string | null,
  month: string,
): DashboardCard[] {
  const withBranch = (params: URLSearchParams) => {
    if (branch) params.set('branch', branch);
    return params.toString();
  };
  return [
    {
      label: 'Complaints at risk',
      value: cards.atRisk,
      to: `/work-orders?${withBranch(new URLSearchParams({ category: 'complaints' }))}`,
    },
    {
      label: 'Breached this month',
      value: cards.breachedThisMonth,
      to: `/complaints-report?${withBranch(new URLSearchParams({ month }))}`,
    },
  ];
}

export type LowStockCard = ManagerDashboard['lowStock'];

/**
 * Issue 38: 'Low stock', the items below their reorder level in the branch (every branch for
 * an admin without a filter), leading to the stock report with the admin's branch kept.
 */
export function lowStockCards(card: LowStockCard, branch: string | null): DashboardCard[] {
  const query = branch ? `?branch=${encodeURIComponent(branch)}` : '';
  return [{ label: 'Low stock', value: card.count, to: `/reports/stock${query}` }];
}
