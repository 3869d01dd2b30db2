import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import type { LucideIcon } from 'lucide-react';
import { DashboardEmpty, Panel } from '../../ui/dashboard-panels';
import { ListStateGate } from './list-state';
import { ProjectList } from './project-card';
import type { useStatusList } from './use-technician-projects';

/**
 * One of the technician's lists as a tab shows it: loading and failure (ListStateGate), the
 * empty panel with the tab's sentence, or the cards a page at a time.
 */
export function StatusProjectList({
  list,
  label,
  empty,
  icon,
  onOpen,
}: {
  list: ReturnType<typeof useStatusList>;
  /** The list's accessible name. */
  label: string;
  empty: string;
  icon: LucideIcon;
  onOpen: (order: WorkOrderDetail) => void;
}) {
  return (
    <ListStateGate state={list.state}>
      {list.orders.length === 0 ? (
        <Panel as="div">
          <DashboardEmpty title={empty} icon={icon} />
        </Panel>
      ) : (
        <ProjectList orders={list.orders} onOpen={onOpen} label={label} more={list.more} />
      )}
    </ListStateGate>
  );
}
