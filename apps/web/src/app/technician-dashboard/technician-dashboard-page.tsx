import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  AllProjectsTab,
  CompletedTab,
  StatusListTab,
  TransferredTab,
} from '../../features/work-orders/project-tabs';
import { TECHNICIAN_TEXT as TEXT } from '../../features/work-orders/technician-messages';
import {
  ASSIGNED_TAB_STATUSES,
  PAUSED_STATUSES,
  PENDING_APPROVAL_STATUSES,
  tabOfStatus,
} from '../../features/work-orders/technician-projects';
import { type TechnicianTab, useActiveTab } from '../../features/work-orders/technician-tabs';
import { useTechnicianProjects } from '../../features/work-orders/use-technician-projects';
import { OWN_STOCK, useTechnicianInventory } from '../../shared/get-technician-inventory';
import { inventoryKeys } from '../../shared/inventory-keys';
import { OfflineBanner } from '../../shared/offline-banner';
import { RefusedActionsNotice } from '../../shared/queued-actions-notice';
import { technicianWorkOrderKeys } from '../../shared/technician-work-order-keys';
import { TabTitle } from '../../ui/dashboard-panels';
import { Loading } from '../../ui/spinner';
import { HomeTab } from './home-tab';
import { keepTabsOffline } from './keep-tabs-offline';
import { TechnicianBottomBar } from './technician-bottom-bar';
import { TechnicianTopBar } from './technician-top-bar';
import { useDashboardTheme } from './use-dashboard-theme';

/** route-table.tsx runs this as it loads the page, before its first render. */
export { prepareFirstAnswers } from './first-answers';

/*
 * Issue 17: Home, the bottom bar and the project lists come with the page; what a tap opens
 * (the current project with billing and warranty, the inventory, the dialogs) is fetched
 * when it is opened, so the first screen on a slow phone carries none of it.
 */
const CurrentProjectTab = lazy(() =>
  import('./current-project-tab').then((module) => ({ default: module.CurrentProjectTab })),
);
const TechnicianInventoryTab = lazy(() =>
  import('../../features/inventory/technician-inventory-tab').then((module) => ({
    default: module.TechnicianInventoryTab,
  })),
);
const WorkOrderDetailsDialog = lazy(() =>
  import('./work-order-details-dialog').then((module) => ({
    default: module.WorkOrderDetailsDialog,
  })),
);
const ReturnInventoryDialog = lazy(() =>
  import('../../features/inventory/return-inventory-dialog').then((module) => ({
    default: module.ReturnInventoryDialog,
  })),
);

/**
 * Spec 2 §2 'Technician dashboard (mobile-style)': full screen and phone first, since
 * technicians use it on site. The tabs live in one page, remembered per session.
 */
export function TechnicianDashboardPage() {
  const [tab, setTab] = useActiveTab();
  const { theme, toggle } = useDashboardTheme();
  const projects = useTechnicianProjects();
  const inventory = useTechnicianInventory();
  const [openOrder, setOpenOrder] = useState<WorkOrderDetail | null>(null);
  const [returning, setReturning] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    // After the first screen: warm what a tap opens for a phone that loses signal later.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run));
    idle(() => void keepTabsOffline(queryClient));
  }, [queryClient]);
  const fetchingOrders = useIsFetching({ queryKey: technicianWorkOrderKeys.all });
  const fetchingInventory = useIsFetching({ queryKey: inventoryKeys.technicianStock(OWN_STOCK) });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: technicianWorkOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.technicianStock(OWN_STOCK) });
  };

  // Spec 2 §2: in-progress, pending-approval and completed projects have their own tab;
  // inside that tab (or for any other status) the project opens in the details dialog.
  const openProject = (order: WorkOrderDetail) => {
    const target = tabOfStatus(order.status);
    if (target && target !== tab) setTab(target);
    else setOpenOrder(order);
  };
  const goTo = (next: TechnicianTab) => setTab(next);
  const tabProps = { projects, onTab: goTo, onOpenProject: openProject };

  return (
    // Issue 39: nothing typed may widen the phone's page. overflow-wrap: anywhere is inherited
    // and lets every flex or grid child shrink below its longest word, so a long answer,
    // remark or name wraps where it stands (the sheets, portalled, carry it too).
    <div className="min-h-dvh bg-slate-50 text-slate-900 wrap-anywhere dark:bg-slate-950 dark:text-slate-100">
      <TechnicianTopBar
        theme={theme}
        onToggleTheme={toggle}
        onRefresh={refresh}
        refreshing={fetchingOrders + fetchingInventory > 0}
      />
      <main className="mx-auto max-w-3xl px-3 pt-4 pb-24 sm:px-4">
        <OfflineBanner queryKey={technicianWorkOrderKeys.all} />
        <RefusedActionsNotice />
        {tab === 'home' ? (
          <HomeTab
            projects={projects}
            inventory={inventory.summary}
            onTab={goTo}
            onOpenProject={openProject}
            onReturnInventory={() => setReturning(true)}
          />
        ) : null}
        {tab === 'inventory' ? (
          <div className="space-y-4">
            <TabTitle>Inventory</TabTitle>
            <Suspense fallback={<Loading label={TEXT.loading} />}>
              <TechnicianInventoryTab />
            </Suspense>
          </div>
        ) : null}
        {tab === 'all-projects' ? <AllProjectsTab {...tabProps} /> : null}
        {tab === 'completed' ? <CompletedTab {...tabProps} /> : null}
        {tab === 'pending-approval-projects' ? (
          <StatusListTab
            {...tabProps}
            statuses={PENDING_APPROVAL_STATUSES}
            title="Pending Approval"
            empty={TEXT.noPendingApproval}
          />
        ) : null}
        {tab === 'paused-projects' ? (
          <StatusListTab
            {...tabProps}
            statuses={PAUSED_STATUSES}
            title="Paused Projects"
            empty={TEXT.noPaused}
          />
        ) : null}
        {tab === 'assigned-projects' ? (
          <StatusListTab
            {...tabProps}
            statuses={ASSIGNED_TAB_STATUSES}
            title="Assigned Projects"
            empty={TEXT.noAssigned}
          />
        ) : null}
        {tab === 'transferred-projects' ? <TransferredTab {...tabProps} /> : null}
        {tab === 'current-project' ? (
          <Suspense fallback={<Loading label={TEXT.loading} />}>
            <CurrentProjectTab onTab={goTo} />
          </Suspense>
        ) : null}
      </main>
      <TechnicianBottomBar tab={tab} inventory={inventory.summary} onTab={goTo} />

      <Suspense fallback={null}>
        {openOrder ? (
          <WorkOrderDetailsDialog
            key={openOrder._id}
            order={openOrder}
            onClose={() => setOpenOrder(null)}
            onOpenCurrentProject={() => {
              setOpenOrder(null);
              setTab('current-project');
            }}
          />
        ) : null}
        {returning ? (
          <ReturnInventoryDialog items={inventory.items} onClose={() => setReturning(false)} />
        ) : null}
      </Suspense>
    </div>
  );
}
