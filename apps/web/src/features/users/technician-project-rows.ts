import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';

const timeOf = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? 0 : time;
};

/**
 * Spec 1 §2.7: the technician's projects, installations and complaints together, newest
 * first. The server groups them by status for the technician's own dashboard; this table
 * wants one list by date.
 */
export function projectsNewestFirst(projects: readonly WorkOrderDetail[]): WorkOrderDetail[] {
  return [...projects].sort(
    (a, b) => timeOf(b.createdAt) - timeOf(a.createdAt) || b.orderId.localeCompare(a.orderId),
  );
}

/** The completion date is shown for completed projects only. */
export function completionDateOf(project: Pick<WorkOrderDetail, 'status' | 'completedAt'>) {
  return project.status === 'completed' ? project.completedAt : null;
}
