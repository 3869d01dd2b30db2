import { z } from 'zod';
import type { WorkOrderStatus } from './contact-schemas';

/** Every status a technician's order can be in (pending orders have no technician). */
export const TECHNICIAN_COUNTED_STATUSES = [
  'assigned',
  'in-progress',
  'paused',
  'rejected',
  'transferring',
  'pending-approval',
  'transferred',
  'completed',
] as const satisfies readonly WorkOrderStatus[];
export type TechnicianCountedStatus = (typeof TECHNICIAN_COUNTED_STATUSES)[number];

const count = z.number().int().nonnegative();

/**
 * GET /api/technician-work-order-counts: how many of the signed-in technician's orders each
 * status holds, and all of them. The technician dashboard's tiles, tabs and boxes (spec 2
 * §2) read these instead of counting fetched lists; the server reads its tallies (decision 009).
 */
export const technicianWorkOrderCountsSchema = z.object({
  counts: z.object({
    assigned: count,
    'in-progress': count,
    paused: count,
    rejected: count,
    transferring: count,
    'pending-approval': count,
    transferred: count,
    completed: count,
  }) satisfies z.ZodType<Record<TechnicianCountedStatus, number>>,
  total: count,
});
export type TechnicianWorkOrderCounts = z.infer<typeof technicianWorkOrderCountsSchema>;
