import type { Role } from '@karya/domain/roles';
import {
  ArrowLeftRight,
  Boxes,
  BriefcaseBusiness,
  Building2,
  CalendarClock,
  ChartColumn,
  ClipboardList,
  Contact,
  FileSignature,
  FileSpreadsheet,
  FileText,
  FileUp,
  FolderKanban,
  History,
  IndianRupee,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  MessageSquareText,
  Package,
  PhoneIncoming,
  RotateCcw,
  ShieldCheck,
  Siren,
  Timer,
  Undo2,
  UserCog,
  Users,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Spec 1 §2.3: labels and targets of each role's sidebar, in order. */
export const NAV_ITEMS: Record<Exclude<Role, 'technician'>, readonly NavItem[]> = {
  admin: [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    { label: 'Branches', to: '/branches', icon: Building2 },
    // Beyond spec 1 §2.3 (issue 19): who the business is on its invoices.
    { label: 'Business Profile', to: '/business-profile', icon: BriefcaseBusiness },
    // Issue 21: the WhatsApp messages customers get at each step.
    { label: 'Customer Updates', to: '/customer-updates', icon: MessageSquareText },
    // Issue 22: what the technician checks on every job before sending it for approval.
    { label: 'Job Checklists', to: '/checklists', icon: ListChecks },
    // Issue 34: how long each kind of job is booked for on the schedule.
    { label: 'Job Durations', to: '/job-durations', icon: Timer },
    { label: 'Managers', to: '/users/managers', icon: UserCog },
    { label: 'Technicians', to: '/users/technicians', icon: Users },
    { label: 'Inventory', to: '/inventory-items', icon: Package },
    // Beyond spec 1 §2.3 (issue 19): what customers owe, and the accountant's reports.
    { label: 'Outstanding Dues', to: '/outstanding-dues', icon: IndianRupee },
    { label: 'GST Reports', to: '/gst-reports', icon: FileSpreadsheet },
    // Issue 38: billed and collected, technicians' work and stock, in charts.
    { label: 'Reports', to: '/reports', icon: ChartColumn },
    // Issue 35: quotes for leads and customers, and what became of them.
    { label: 'Quotations', to: '/quotations', icon: FileText },
    // Issue 23: annual maintenance contracts, their visits and renewals.
    { label: 'Maintenance Contracts', to: '/maintenance-contracts', icon: FileSignature },
    // Issue 37: the month's complaints and how quickly each branch started on them.
    { label: 'Complaints report', to: '/complaints-report', icon: Siren },
    // Issue 34: every technician's day by the clock, a branch at a time.
    { label: 'Schedule', to: '/schedule', icon: CalendarClock },
    // Issue 36: a shop's old spreadsheets in.
    { label: 'Import', to: '/import', icon: FileUp },
    // Beyond spec 1 §2.3: the landing page's demo requests, and the reset page (spec 2 §2).
    { label: 'Demo Requests', to: '/demo-requests', icon: PhoneIncoming },
    { label: 'Reset System', to: '/reset-system', icon: RotateCcw },
  ],
  manager: [
    { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
    { label: 'User Management', to: '/users/technicians', icon: Users },
    { label: 'Customers', to: '/contacts', icon: Contact },
    // Issue 35: a sale starts with a quote, before the work order.
    { label: 'Quotations', to: '/quotations', icon: FileText },
    { label: 'Work Orders', to: '/work-orders', icon: ClipboardList },
    // Issue 34: the technicians' days by the clock, with the orders still to plan.
    { label: 'Schedule', to: '/schedule', icon: CalendarClock },
    // Issue 23: annual maintenance contracts, their visits and renewals.
    { label: 'Maintenance Contracts', to: '/maintenance-contracts', icon: FileSignature },
    // Issue 37: the month's complaints and how quickly the branch started on them.
    { label: 'Complaints report', to: '/complaints-report', icon: Siren },
    { label: 'Projects', to: '/manager-dashboard', icon: FolderKanban },
    { label: 'Transferring Requests', to: '/transferred-projects', icon: ArrowLeftRight },
    { label: 'Inventory', to: '/inventory', icon: Boxes },
    { label: 'Returned Inventory', to: '/returned-inventory', icon: Undo2 },
    { label: 'Replacement Warranty', to: '/replacement-warranty', icon: ShieldCheck },
    { label: 'Logs', to: '/inventory-transfer-history', icon: History },
    { label: 'Outstanding Dues', to: '/outstanding-dues', icon: IndianRupee },
    { label: 'GST Reports', to: '/gst-reports', icon: FileSpreadsheet },
    // Issue 38: billed and collected, technicians' work and stock, in charts.
    { label: 'Reports', to: '/reports', icon: ChartColumn },
    // Issue 36: the branch's contacts and stock from spreadsheets.
    { label: 'Import', to: '/import', icon: FileUp },
  ],
};

export const PANEL_TITLES: Record<Exclude<Role, 'technician'>, string> = {
  admin: 'Admin Panel',
  manager: 'Manager Panel',
};
