import { useMemo } from 'react';
import { useTechnicianInventory } from './get-technician-inventory';
import { summariseStock } from './inventory-units';
import { useQueuedActions } from './queued-actions';
import { withoutQueuedUse } from './van-stock';

/** The signed-in technician's own stock as the screens show it: the server's, less queued bills. */
export function useVanStock() {
  const inventory = useTechnicianInventory();
  const queued = useQueuedActions();
  const items = useMemo(() => withoutQueuedUse(inventory.items, queued), [inventory.items, queued]);
  const summary = useMemo(() => summariseStock(items), [items]);
  return { ...inventory, items, summary };
}
