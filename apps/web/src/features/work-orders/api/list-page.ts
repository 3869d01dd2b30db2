import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';

/**
 * One page of a work-order list and the total the server reported in X-Total-Count; a search
 * matching more than the server counts says so (X-Total-Count-Capped) and `total` is a floor.
 */
export interface WorkOrderPage {
  items: WorkOrderDetail[];
  total: number;
  capped?: boolean;
}

/** Reads X-Total-Count; a missing header means the page is the whole list. */
export function totalCountReader(): {
  onHeaders: (headers: Headers) => void;
  total: () => number | null;
  capped: () => boolean;
} {
  let total: number | null = null;
  let capped = false;
  return {
    onHeaders: (headers) => {
      const value = Number(headers.get('x-total-count'));
      total = Number.isFinite(value) && headers.has('x-total-count') ? value : null;
      capped = headers.get('x-total-count-capped') === 'true';
    },
    total: () => total,
    capped: () => capped,
  };
}
