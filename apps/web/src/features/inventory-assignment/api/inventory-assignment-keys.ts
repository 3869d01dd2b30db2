/**
 * TanStack Query keys of technician stock, returns and the transfer log. They all start with
 * 'inventory' so that one invalidation after an assignment or a confirmed return refreshes
 * every stock figure the branch shows (branch stock, a technician's holding, the logs).
 */
export const inventoryAssignmentKeys = {
  all: ['inventory'] as const,
  branchStock: (type: 'serialized-product' | 'generic-product') =>
    ['inventory', 'by-type', type] as const,
  technicianInventory: (technicianId: string) => ['inventory', 'technician', technicianId] as const,
  history: (technicianId: string) => ['inventory', 'history', technicianId] as const,
  returns: () => ['inventory', 'returns', 'pending'] as const,
  transferHistory: (filter: string, page: number, pageSize: number) =>
    ['inventory', 'transfer-history', filter, page, pageSize] as const,
};
