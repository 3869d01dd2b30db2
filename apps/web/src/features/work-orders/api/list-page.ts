import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';

/** One page of a work-order list and the total the server reported in X-Total-Count. */
export interface WorkOrderPage {
  items: WorkOrderDetail[];
  total: number;
}

/** Reads X-Total-Count; a missing header means the page is the whole list. */
export function totalCountReader(): {
  onHeaders: (headers: Headers) => void;
  total: () => number | null;
} {
  let total: number | null = null;
  return {
    onHeaders: (headers) => {
      const value = Number(headers.get('x-total-count'));
      total = Number.isFinite(value) && headers.has('x-total-count') ? value : null;
    },
    total: () => total,
  };
}
