import type { Role } from '@karya/domain/roles';
import type { ReactElement, ReactNode } from 'react';
import { matchPath } from 'react-router';
import { type LazyPage, lazyPage } from '../lib/lazy-page';

/**
 * The signed-in screens' frame (query cache, then the desk or nothing): app-shell.tsx. It
 * counts as loaded once the persisted cache is back in memory, so that the first render of
 * any signed-in screen shows what was shown last time.
 */
export const AppShell = lazyPage(
  () =>
    import('./app-shell').then(async (module) => {
      await module.restoreQueryCache();
      return module;
    }),
  'AppShell',
);
/** Sidebar, header, menus and account dialogs of admins and managers. */
export const DeskLayout = lazyPage(() => import('./desk-layout'), 'DeskLayout');

/** Loaded with the answers of a cold start's first screen in the cache (first-answers.ts). */
const TechnicianDashboardPage = lazyPage(
  () =>
    import('./technician-dashboard/technician-dashboard-page').then(async (module) => {
      await module.prepareFirstAnswers();
      return module;
    }),
  'TechnicianDashboardPage',
);

const DashboardPage = lazyPage(
  () => import('../features/dashboard/dashboard-page'),
  'DashboardPage',
);
const BillPage = lazyPage(() => import('../features/billing/bill-page'), 'BillPage');
const OwnershipTransferPage = lazyPage(
  () => import('../features/ownership/ownership-transfer-page'),
  'OwnershipTransferPage',
);
const AdminUsersPage = lazyPage(
  () => import('../features/users/admin-users-page'),
  'AdminUsersPage',
);
const AddAdminPage = lazyPage(() => import('../features/users/add-admin-page'), 'AddAdminPage');
const ManagersPage = lazyPage(() => import('../features/users/managers-page'), 'ManagersPage');
const ManagerDetailsPage = lazyPage(
  () => import('../features/users/manager-details-page'),
  'ManagerDetailsPage',
);
const TechniciansPage = lazyPage(() => import('./technicians-page'), 'TechniciansPage');
const BranchesPage = lazyPage(() => import('../features/branches/branches-page'), 'BranchesPage');
const BusinessProfilePage = lazyPage(
  () => import('../features/business/business-profile-page'),
  'BusinessProfilePage',
);
const CustomerUpdatesPage = lazyPage(
  () => import('../features/customer-updates/customer-updates-page'),
  'CustomerUpdatesPage',
);
const ChecklistsPage = lazyPage(
  () => import('../features/checklists/checklists-page'),
  'ChecklistsPage',
);
const JobDurationsPage = lazyPage(
  () => import('../features/schedule/job-durations-page'),
  'JobDurationsPage',
);
const ContactsRoute = lazyPage(() => import('./contacts-route'), 'ContactsRoute');
const InventoryItemsPage = lazyPage(
  () => import('../features/inventory/inventory-items-page'),
  'InventoryItemsPage',
);
const InventoryPage = lazyPage(
  () => import('../features/inventory/inventory-page'),
  'InventoryPage',
);
const ReturnedInventoryPage = lazyPage(
  () => import('../features/inventory/returned-inventory-page'),
  'ReturnedInventoryPage',
);
const InventoryTransferHistoryPage = lazyPage(
  () => import('../features/inventory/inventory-transfer-history-page'),
  'InventoryTransferHistoryPage',
);
const PendingWorkOrdersPage = lazyPage(
  () => import('../features/work-orders/pending-work-orders-page'),
  'PendingWorkOrdersPage',
);
const ManagerProjectsPage = lazyPage(
  () => import('../features/work-orders/manager-projects-page'),
  'ManagerProjectsPage',
);
const TransferredProjectsPage = lazyPage(
  () => import('../features/work-orders/transferred-projects-page'),
  'TransferredProjectsPage',
);
const ReplacementWarrantyPage = lazyPage(
  () => import('../features/warranty/replacement-warranty-page'),
  'ReplacementWarrantyPage',
);
const UnitRecordPage = lazyPage(
  () => import('../features/warranty/unit-record-page'),
  'UnitRecordPage',
);
const ResetSystemPage = lazyPage(
  () => import('../features/system/reset-system-page'),
  'ResetSystemPage',
);
const DemoRequestsPage = lazyPage(
  () => import('../features/system/demo-requests-page'),
  'DemoRequestsPage',
);
const OutstandingDuesPage = lazyPage(
  () => import('../features/dues/outstanding-dues-page'),
  'OutstandingDuesPage',
);
const GstReportsPage = lazyPage(
  () => import('../features/gst-reports/gst-reports-page'),
  'GstReportsPage',
);
const MaintenanceContractsPage = lazyPage(
  () => import('../features/amc/maintenance-contracts-page'),
  'MaintenanceContractsPage',
);
const MaintenanceContractRoute = lazyPage(
  () => import('./maintenance-contract-route'),
  'MaintenanceContractRoute',
);
const SchedulePage = lazyPage(() => import('../features/schedule/schedule-page'), 'SchedulePage');
// Issue 35: quotations, their own chunks (the builder and the details draw the most).
const QuotationsPage = lazyPage(
  () => import('../features/quotations/quotations-page'),
  'QuotationsPage',
);
const NewQuotationPage = lazyPage(
  () => import('../features/quotations/quotation-builder-page'),
  'NewQuotationPage',
);
const EditQuotationPage = lazyPage(
  () => import('../features/quotations/quotation-builder-page'),
  'EditQuotationPage',
);
const QuotationDetailsRoute = lazyPage(
  () => import('./quotation-details-route'),
  'QuotationDetailsRoute',
);
// Issue 37: the month's complaints per branch and the response times; its own chunk.
const ComplaintsReportPage = lazyPage(
  () => import('../features/complaints/complaints-report-page'),
  'ComplaintsReportPage',
);
// Issue 38: the owner's reports; its own chunk, the only one that loads the chart library.
const ReportsPage = lazyPage(() => import('../features/reports/reports-page'), 'ReportsPage');
// Issue 36: its own chunk; nothing of it loads on other screens.
const ImportPage = lazyPage(() => import('../features/imports/import-page'), 'ImportPage');
/** The public landing page (also at /welcome); its own chunk, nothing of the desk in it. */
export const LandingPage = lazyPage(
  () => import('../features/landing/landing-page'),
  'LandingPage',
);
const BranchDetailsPage = lazyPage(() => import('./branch-details-page'), 'BranchDetailsPage');
/** A customer's job-status page (issue 21): public, its own chunk. */
export const JobStatusPage = lazyPage(
  () => import('../features/job-status/job-status-page'),
  'JobStatusPage',
);

/** 'any' = every logged-in user. */
export type RouteAccess = 'any' | readonly Role[];

export interface AppRoute {
  path: string;
  /** The browser tab title; the page itself shows its own heading. */
  title: string;
  roles: RouteAccess;
  element: ReactNode;
}

const ADMIN: readonly Role[] = ['admin'];
const MANAGER: readonly Role[] = ['manager'];
const ADMIN_AND_MANAGER: readonly Role[] = ['admin', 'manager'];
const TECHNICIAN: readonly Role[] = ['technician'];

/**
 * Spec 1 §2.1: every screen behind the login. A feature replaces its placeholder by
 * swapping `element` for its (lazily loaded) page; paths and roles stay here, in one place.
 * A user whose role is not listed is sent to their home (technicians: their dashboard).
 * The desk screens spec 2 §2 opens to 'any logged-in user' (work orders, projects, transfer
 * requests, warranty) are ADMIN_AND_MANAGER here: a technician would only meet the server's
 * refusal there, so they land on their own dashboard instead (issue 15).
 */
export const APP_ROUTES: readonly AppRoute[] = [
  // Technicians may open /dashboard but are sent on to their own: expressed by leaving
  // them out, which redirects them home.
  {
    path: '/dashboard',
    title: 'Dashboard',
    roles: ADMIN_AND_MANAGER,
    element: <DashboardPage />,
  },
  {
    path: '/ownership-transfer',
    title: 'Ownership Transfer',
    roles: MANAGER,
    element: <OwnershipTransferPage />,
  },
  {
    path: '/users/admin',
    title: 'Admin Users',
    roles: ADMIN,
    element: <AdminUsersPage />,
  },
  {
    path: '/users/admin/add',
    title: 'Add Admin',
    roles: ADMIN,
    element: <AddAdminPage />,
  },
  {
    path: '/users/managers',
    title: 'Managers',
    roles: ADMIN,
    element: <ManagersPage />,
  },
  {
    path: '/users/managers/:managerId',
    title: 'Manager Details',
    roles: ADMIN,
    element: <ManagerDetailsPage />,
  },
  {
    path: '/users/technicians',
    title: 'Technicians',
    roles: ADMIN_AND_MANAGER,
    element: <TechniciansPage />,
  },
  {
    path: '/branches',
    title: 'Branches',
    roles: ADMIN,
    element: <BranchesPage />,
  },
  {
    path: '/branches/:branchId',
    title: 'Branch Details',
    roles: ADMIN,
    element: <BranchDetailsPage />,
  },
  // Issue 19: the business behind every branch's invoices.
  {
    path: '/business-profile',
    title: 'Business Profile',
    roles: ADMIN,
    element: <BusinessProfilePage />,
  }, // Issue 21: what customers read on WhatsApp at each step of a job.
  {
    path: '/customer-updates',
    title: 'Customer Updates',
    roles: ADMIN,
    element: <CustomerUpdatesPage />,
  },
  // Issue 22: what the technician checks on every job of a project type.
  {
    path: '/checklists',
    title: 'Job Checklists',
    roles: ADMIN,
    element: <ChecklistsPage />,
  },
  // Issue 34: how long a job of each project type and category is booked for.
  {
    path: '/job-durations',
    title: 'Job Durations',
    roles: ADMIN,
    element: <JobDurationsPage />,
  },

  {
    path: '/contacts',
    title: 'Lead & Customer Management',
    roles: ADMIN_AND_MANAGER,
    element: <ContactsRoute />,
  },
  {
    path: '/inventory-items',
    title: 'Inventory Items',
    roles: ADMIN,
    element: <InventoryItemsPage />,
  },
  {
    path: '/inventory',
    title: 'Inventory',
    roles: 'any',
    element: <InventoryPage />,
  },
  {
    path: '/transferred-projects',
    title: 'Transferred Projects',
    roles: ADMIN_AND_MANAGER,
    element: <TransferredProjectsPage />,
  },
  {
    path: '/work-orders',
    title: 'Pending Work Orders',
    roles: ADMIN_AND_MANAGER,
    element: <PendingWorkOrdersPage />,
  },
  {
    path: '/returned-inventory',
    title: 'Returned Inventory',
    roles: 'any',
    element: <ReturnedInventoryPage />,
  },
  {
    path: '/replacement-warranty',
    title: 'Replacement Warranty',
    roles: ADMIN_AND_MANAGER,
    element: <ReplacementWarrantyPage />,
  },
  {
    // Issue 13: the installed-unit record, reached from any serial on the desk.
    path: '/serial/:serial',
    title: 'Unit Record',
    roles: ADMIN_AND_MANAGER,
    element: <UnitRecordPage />,
  },
  // Spec 1 §2.1: the marketing landing page, as logged-in users see it.
  { path: '/test', title: 'Test', roles: 'any', element: <LandingPage /> },
  {
    path: '/manager-dashboard',
    title: 'Projects',
    roles: ADMIN_AND_MANAGER,
    element: <ManagerProjectsPage />,
  },
  {
    path: '/reset-system',
    title: 'Reset System',
    // Spec 2 §2: anyone may open it; the page lets only an admin reset, and so does the server.
    roles: 'any',
    element: <ResetSystemPage />,
  },
  {
    path: '/demo-requests',
    title: 'Demo Requests',
    roles: ADMIN,
    element: <DemoRequestsPage />,
  },
  {
    path: '/inventory-transfer-history',
    title: 'Inventory Transfer History',
    roles: MANAGER,
    element: <InventoryTransferHistoryPage />,
  },
  // Issue 19: what customers owe and the accountant's reports; the server scopes a manager
  // to their branch.
  {
    path: '/outstanding-dues',
    title: 'Outstanding Dues',
    roles: ADMIN_AND_MANAGER,
    element: <OutstandingDuesPage />,
  },
  {
    path: '/gst-reports',
    title: 'GST Reports',
    roles: ADMIN_AND_MANAGER,
    element: <GstReportsPage />,
  },
  // Issue 23: annual maintenance contracts; the server scopes a manager to their branch.
  {
    path: '/maintenance-contracts',
    title: 'Maintenance Contracts',
    roles: ADMIN_AND_MANAGER,
    element: <MaintenanceContractsPage />,
  },
  {
    path: '/maintenance-contracts/:contractId',
    title: 'Maintenance Contract',
    roles: ADMIN_AND_MANAGER,
    element: <MaintenanceContractRoute />,
  },
  // Issue 34: the board of the branch's technicians by the clock; an admin picks the branch.
  {
    path: '/schedule',
    title: 'Schedule',
    roles: ADMIN_AND_MANAGER,
    element: <SchedulePage />,
  },
  // Issue 35: quotes for leads and customers; the server scopes a manager to their branch.
  {
    path: '/quotations',
    title: 'Quotations',
    roles: ADMIN_AND_MANAGER,
    element: <QuotationsPage />,
  },
  {
    path: '/quotations/new',
    title: 'New Quotation',
    roles: ADMIN_AND_MANAGER,
    element: <NewQuotationPage />,
  },
  {
    path: '/quotations/:quotationId',
    title: 'Quotation',
    roles: ADMIN_AND_MANAGER,
    element: <QuotationDetailsRoute />,
  },
  {
    path: '/quotations/:quotationId/edit',
    title: 'Edit Quotation',
    roles: ADMIN_AND_MANAGER,
    element: <EditQuotationPage />,
  },
  // Issue 36: a shop's old spreadsheets in; the server holds a manager to their own branch's
  // contacts and stock. A committed import keeps its id in the address for its progress.
  { path: '/import', title: 'Import', roles: ADMIN_AND_MANAGER, element: <ImportPage /> },
  {
    path: '/import/:importId',
    title: 'Import',
    roles: ADMIN_AND_MANAGER,
    element: <ImportPage />,
  },
  // Issue 37: the month's complaints per branch; the server scopes a manager to their branch.
  {
    path: '/complaints-report',
    title: 'Complaints report',
    roles: ADMIN_AND_MANAGER,
    element: <ComplaintsReportPage />,
  },
  // Issue 38: sales, technicians, work and stock in charts; /reports opens the first. The
  // server scopes a manager to their branch.
  { path: '/reports', title: 'Reports', roles: ADMIN_AND_MANAGER, element: <ReportsPage /> },
  {
    path: '/reports/:report',
    title: 'Reports',
    roles: ADMIN_AND_MANAGER,
    element: <ReportsPage />,
  },
  {
    path: '/technician-dashboard',
    title: 'Technician Dashboard',
    roles: TECHNICIAN,
    element: <TechnicianDashboardPage />,
  },
  // The customer's copy: the server lets in the bill's technician and the branch's desk.
  { path: '/bills/:billId', title: 'Bill', roles: 'any', element: <BillPage /> },
];

export function isAllowed(access: RouteAccess, role: Role): boolean {
  return access === 'any' || access.includes(role);
}

/** The lazily loaded screen a route draws, when it is one. */
const lazyPageOf = (route: AppRoute) =>
  (route.element as ReactElement | undefined)?.type as Partial<LazyPage> | undefined;

/**
 * A load of a signed-in address fetches the chunks it needs at once (the frame, the desk
 * unless a technician is signed in, the screen), not one after another as each renders: on
 * a slow phone each step would otherwise cost a round trip. Resolves when they are in (or
 * failed: the screen's own loading then says so).
 */
export function preloadScreensOf(pathname: string, role: Role | undefined): Promise<unknown> {
  const route = APP_ROUTES.find((candidate) => matchPath(candidate.path, pathname));
  if (!route && pathname !== '/') return Promise.resolve();
  const loads = [AppShell.preload()];
  const technicianOnly = route?.roles !== 'any' && route?.roles.includes('technician');
  if (role !== 'technician' && !technicianOnly) loads.push(DeskLayout.preload());
  const page = route ? lazyPageOf(route) : undefined;
  if (route && (role === undefined || isAllowed(route.roles, role)) && page?.preload) {
    loads.push(page.preload());
  }
  return Promise.allSettled(loads);
}

/** Screens a desk user opens many times a day whose code is heavy to start. */
const DESK_IDLE_SCREENS = ['/schedule'];

/**
 * After the desk has drawn its first screen, the schedule board's code (the heaviest screen a
 * manager opens, many times a day: dnd-kit, the virtual rows, the week's layout) is fetched
 * and started in the browser's idle time, so opening Schedule draws the board instead of first
 * evaluating its modules (issue 34: about a tenth of the board's first render). Nothing is
 * fetched for a role that may not open it.
 */
export function preloadDeskScreensWhenIdle(role: Role): () => void {
  const start = () => {
    for (const path of DESK_IDLE_SCREENS) {
      const route = APP_ROUTES.find((candidate) => candidate.path === path);
      if (route && isAllowed(route.roles, role)) void lazyPageOf(route)?.preload?.();
    }
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 2_000);
  return () => clearTimeout(timer);
}
