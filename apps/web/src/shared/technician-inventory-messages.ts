import { INVENTORY_MESSAGES } from '@karya/domain/inventory-messages';

/** Spec 2 §2, §5 and §8: the words of the technician's inventory tab and return dialog. */
export const TECHNICIAN_INVENTORY_TEXT = {
  tabTitle: 'Inventory',
  noItemsAssigned: 'No inventory items assigned yet',
  noItemsOfType: (type: string) => `No ${type} items found`,
  /** A search that finds nothing is not 'nothing assigned' (issue 15 §10). */
  noMatch: (search: string) => `No items match "${search}"`,
  searchLabel: 'Search inventory',
  searchPlaceholder: 'Search by name, item ID or serial...',
  loading: 'Loading inventory...',
  loadFailedNetwork: 'Error loading inventory. Please try again later.',
  loadFailed: (message: string) => `Failed to load inventory: ${message}`,
  unknownError: 'Unknown error',
  nothingSelected: 'No items selected for return',
  someFailed: 'Failed to return some items',
  returned: INVENTORY_MESSAGES.returned,
} as const;
