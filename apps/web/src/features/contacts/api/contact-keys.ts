import type { ContactListFilters } from './get-contacts';

/** TanStack Query keys of the contacts area; invalidating ['contacts'] refreshes them all. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => ['contacts', 'list'] as const,
  list: (filters: ContactListFilters) => ['contacts', 'list', filters] as const,
  lead: (leadId: string) => ['contacts', 'lead', leadId] as const,
  customer: (customerId: string) => ['contacts', 'customer', customerId] as const,
  search: (text: string) => ['contacts', 'search', text] as const,
};
