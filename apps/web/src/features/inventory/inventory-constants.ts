import type { InventoryItemType } from '@karya/domain/inventory-schemas';

/** Spec 2 §9. */
export const UNIT_OPTIONS = [
  'Piece',
  'Kg',
  'Meter',
  'Liter',
  'Box',
  'Carton',
  'Dozen',
  'Pair',
  'Roll',
] as const;
export const DEFAULT_UNIT = 'Piece';
export const SERVICE_UNIT = 'Service';

export { DEFAULT_WARRANTY, WARRANTY_OPTIONS } from '@karya/domain/warranty';

export const TYPE_LABELS: Record<InventoryItemType, string> = {
  'serialized-product': 'Serialized Product',
  'generic-product': 'Generic Product',
  service: 'Service',
};

/** Short forms for table cells, where width is scarce. */
export const TYPE_SHORT_LABELS: Record<InventoryItemType, string> = {
  'serialized-product': 'Serialized',
  'generic-product': 'Generic',
  service: 'Service',
};

export type TypeFilter = 'all' | InventoryItemType;

/** The chips and tabs of both inventory pages. */
export const TYPE_FILTERS: ReadonlyArray<{ value: TypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'serialized-product', label: 'Serialized' },
  { value: 'generic-product', label: 'Generic' },
  { value: 'service', label: 'Services' },
];

export const matchesName = (name: string, search: string) =>
  name.toLowerCase().includes(search.trim().toLowerCase());
