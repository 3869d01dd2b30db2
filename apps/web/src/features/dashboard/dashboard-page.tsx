import type { ComplaintCards } from '@karya/domain/complaint-schemas';
import type {
  AdminDashboard,
  Dashboard,
  MaintenanceCards,
  ManagerDashboard,
} from '@karya/domain/dashboard-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import { fullName } from '@karya/domain/user';
import {
  AlarmClock,
  Boxes,
  Building2,
  CalendarClock,
  CheckCircle2,
  ClipboardList,
  Clock,
  Contact,
  FileClock,
  type LucideIcon,
  PackageMinus,
  PhoneIncoming,
  RefreshCcw,
  ShieldAlert,
  Siren,
  UserCheck,
  UserPlus,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { BranchFilter } from '../../shared/branch-filter';
import { useBranchParam } from '../../shared/use-list-controls';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { StatTile } from '../../ui/stat-tile';
import { StatusCountsTable } from '../../ui/status-counts-table';
import { useDashboard } from './api/get-dashboard';
import { useQuotationSummary } from './api/get-quotation-summary';
import {
  adminCards,
  complaintCards,
  type DashboardCard,
  type LowStockCard,
  lowStockCards,
  maintenanceCards,
  managerCards,
} from './dashboard-cards';

const ICONS: Record<string, LucideIcon> = {
  'Total Branches': Building2,
  'Total Technicians': Users,
  Technicians: Users,
  'Inventory Items': Boxes,
  'Total Customers': Contact,
  Customers: Contact,
  'Active Leads': UserPlus,
  'Work Orders': ClipboardList,
  'Pending Work Orders': ClipboardList,
  'Assigned Projects': UserCheck,
  'Pending Approvals': Clock,
  'Completed Projects': CheckCircle2,
  Overdue: AlarmClock,
  'Renewals due': RefreshCcw,
  'Next AMC visit': CalendarClock,
  'Quotes expiring in 3 days': FileClock,
  'Complaints at risk': Siren,
  'Breached this month': ShieldAlert,
  'Low stock': PackageMinus,
};

/**
 * Spec 1 §2.4: the admin's and the manager's dashboard, every figure counted by the server
 * (GET /api/get-dashboard). The cached copy shows at once and a fresh one replaces it; when
 * the fetch fails the cached copy stays, otherwise the message shows (spec 1 §8).
 */
export function DashboardPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const dashboard = useDashboard(branch);

  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <>
            {isAdmin ? <BranchFilter value={branch} onChange={setBranch} /> : null}
            <RefreshButton
              onClick={() => void dashboard.refetch()}
              loading={dashboard.isFetching}
            />
          </>
        }
      />
      {dashboard.data ? (
        <div className="space-y-6">
          {dashboard.isError ? (
            <Alert tone="warning">
              {errorMessage(dashboard.error, 'Server error. Please try again later.')}
            </Alert>
          ) : null}
          <DashboardView dashboard={dashboard.data} branch={branch} />
        </div>
      ) : dashboard.isError ? (
        <Alert>{errorMessage(dashboard.error, 'Server error. Please try again later.')}</Alert>
      ) : (
        <Loading />
      )}
    </>
  );
}

function DashboardView({ dashboard, branch }: { dashboard: Dashboard; branch: string | null }) {
  return dashboard.view === 'admin' ? (
    <AdminView dashboard={dashboard} branch={branch} />
  ) : (
    <ManagerView dashboard={dashboard} />
  );
}

function CardGrid({
  cards,
  label = 'Summary',
}: {
  cards: readonly DashboardCard[];
  label?: string;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card.label}>
          <StatTile
            label={card.label}
            value={card.value}
            icon={ICONS[card.label]}
            {...(card.to ? { to: card.to } : {})}
          />
        </li>
      ))}
    </ul>
  );
}

function AdminView({ dashboard, branch }: { dashboard: AdminDashboard; branch: string | null }) {
  const { rows, total } = dashboard.branchOverview;
  return (
    <>
      <CardGrid cards={adminCards(dashboard.cards, branch)} />
      <ComplaintsRow cards={dashboard.complaints} branch={branch} />
      <MaintenanceRow cards={dashboard.maintenance} branch={branch} />
      <StockRow card={dashboard.lowStock} branch={branch} />
      {/* Beyond spec 1 §2.4: visitors of the landing page waiting for a call. */}
      <ul aria-label="Website" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <li>
          <StatTile
            label="Demo Requests"
            value={dashboard.demoRequests.new}
            icon={PhoneIncoming}
            to="/demo-requests"
          />
        </li>
      </ul>
      <Card title="Branch Overview" padded={false}>
        {rows.length === 0 ? (
          <EmptyState title="No branches found." />
        ) : (
          <StatusCountsTable
            rows={rows}
            total={total}
            label="Branch Overview"
            nameOf={(row) => (
              <Link to={`/branches/${row._id}`} className="text-blue-600 hover:underline">
                {row.name}
              </Link>
            )}
          />
        )}
      </Card>
    </>
  );
}

function ManagerView({ dashboard }: { dashboard: ManagerDashboard }) {
  const { rows, total } = dashboard.techniciansOverview;
  return (
    <>
      <CardGrid cards={managerCards(dashboard.cards)} />
      <ComplaintsRow cards={dashboard.complaints} branch={null} />
      <MaintenanceRow cards={dashboard.maintenance} branch={null} />
      <StockRow card={dashboard.lowStock} branch={null} />
      <QuotationsRow />
      <Card title="Technicians Overview" padded={false}>
        {rows.length === 0 ? (
          <EmptyState title="No technicians found for this branch." />
        ) : (
          <StatusCountsTable
            rows={rows}
            total={total}
            label="Technicians Overview"
            nameOf={fullName}
          />
        )}
      </Card>
    </>
  );
}

/**
 * Issue 37: the complaints whose response clock is amber or red, and those breached this
 * month, under their own heading. A dashboard cached before the server counted them has none:
 * the row waits for the fresh one.
 */
function ComplaintsRow({
  cards,
  branch,
}: {
  cards: ComplaintCards | undefined;
  branch: string | null;
}) {
  if (!cards) return null;
  return (
    <section aria-labelledby="complaints-heading" className="space-y-3">
      <h2 id="complaints-heading" className="text-sm font-semibold text-slate-700">
        Complaints
      </h2>
      <CardGrid
        cards={complaintCards(cards, branch, indiaDate(new Date()).slice(0, 7))}
        label="Complaints"
      />
    </section>
  );
}

/**
 * Issue 23: the maintenance contracts' cards under their own heading. A dashboard cached
 * before the server counted them has none: the row waits for the fresh one.
 */
function MaintenanceRow({
  cards,
  branch,
}: {
  cards: MaintenanceCards | undefined;
  branch: string | null;
}) {
  if (!cards) return null;
  return (
    <section aria-labelledby="maintenance-heading" className="space-y-3">
      <h2 id="maintenance-heading" className="text-sm font-semibold text-slate-700">
        Maintenance contracts
      </h2>
      <CardGrid cards={maintenanceCards(cards, branch)} label="Maintenance contracts" />
    </section>
  );
}

/**
 * Issue 38: the 'Low stock' card, the items below their reorder level, leading to the stock
 * report. A dashboard cached before the server counted them has none: nothing is shown.
 */
function StockRow({ card, branch }: { card: LowStockCard | undefined; branch: string | null }) {
  if (!card) return null;
  return (
    <section aria-labelledby="stock-heading" className="space-y-3">
      <h2 id="stock-heading" className="text-sm font-semibold text-slate-700">
        Stock
      </h2>
      <CardGrid cards={lowStockCards(card, branch)} label="Stock" />
    </section>
  );
}

/**
 * Issue 35: the sent quotes whose validity ends within three days, leading to the sent ones,
 * so the manager calls before they lapse. Shown once the server has counted them.
 */
function QuotationsRow() {
  const summary = useQuotationSummary(true);
  if (!summary.data) return null;
  return (
    <section aria-labelledby="quotations-heading" className="space-y-3">
      <h2 id="quotations-heading" className="text-sm font-semibold text-slate-700">
        Quotations
      </h2>
      <CardGrid
        label="Quotations"
        cards={[
          {
            label: 'Quotes expiring in 3 days',
            value: summary.data.expiringIn3Days,
            to: '/quotations?status=sent',
          },
        ]}
      />
    </section>
  );
}
