/** TanStack Query keys of the technician's own stock; invalidating `all` refreshes them. */
export const technicianInventoryKeys = {
  all: ['technician-inventory'] as const,
  mine: () => ['technician-inventory', 'mine'] as const,
};
