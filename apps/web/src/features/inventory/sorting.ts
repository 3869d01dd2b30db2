export type SortKey = 'name' | 'price' | 'stock';
export interface Sort {
  key: SortKey;
  ascending: boolean;
}

interface Sortable {
  name: string;
  salePrice: number;
  totalStock: number;
}

const VALUE: Record<SortKey, (item: Sortable) => string | number> = {
  name: (item) => item.name.toLowerCase(),
  price: (item) => item.salePrice,
  stock: (item) => item.totalStock,
};

export function sortItems<T extends Sortable>(items: readonly T[], sort: Sort): T[] {
  const sortValue = VALUE[sort.key];
  const direction = sort.ascending ? 1 : -1;
  return [...items].sort((a, b) => {
    const left = sortValue(a);
    const right = sortValue(b);
    return (left < right ? -1 : left > right ? 1 : 0) * direction;
  });
}

/** A click on the sorted column flips its direction; another column starts ascending. */
export const nextSort = (current: Sort, key: SortKey): Sort =>
  current.key === key ? { key, ascending: !current.ascending } : { key, ascending: true };
