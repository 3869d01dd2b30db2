/** TanStack Query keys of bills; every key starts with ['bills']. */
export const billKeys = {
  all: ['bills'] as const,
  detail: (billId: string) => ['bills', 'detail', billId] as const,
  taxSetting: ['bills', 'tax-setting'] as const,
};
