import { inventoryKeys } from '../../inventory/api/inventory-keys';

/**
 * TanStack Query keys of technician stock, returns and the transfer log. They all start with
 * inventoryKeys.all so that one invalidation after an assignment or a confirmed return
 * refreshes every stock figure the branch shows (branch stock, a technician's holding, the logs).
 */
export const inventoryAssignmentKeys = {
  all: inventoryKeys.all,
  technicianInventory: (technicianId: string) =>
    [...inventoryKeys.all, 'technician', technicianId] as const,
  history: (technicianId: string) => [...inventoryKeys.all, 'history', technicianId] as const,
  returns: () => [...inventoryKeys.all, 'returns', 'pending'] as const,
  transferHistory: (filter: string, page: number, pageSize: number) =>
    [...inventoryKeys.all, 'transfer-history', filter, page, pageSize] as const,
};
