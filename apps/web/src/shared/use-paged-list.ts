import { hashKey, type QueryKey, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../lib/api-client';
import { CACHE_FIRST } from '../lib/cache-first';

/**
 * One page of a list as every paged endpoint answers it: the spec's `data` array, the number
 * of rows the filter matches in X-Total-Count, and X-Total-Count-Capped when a search matched
 * more than the server counts (the total is then a floor, shown as '10,000+').
 */
export interface ListPage<T> {
  items: T[];
  total: number;
  capped: boolean;
}

/** Which page, 1-based, and how the endpoint takes it: ?page=&pageSize= or ?limit=&offset=. */
export interface Paging {
  page: number;
  pageSize: number;
  as?: 'page' | 'offset';
}

/** The page's place in the URL, in the form the endpoint takes. */
export function pagingParams({ page, pageSize, as = 'page' }: Paging): Record<string, number> {
  return as === 'offset' ? { limit: pageSize, offset: (page - 1) * pageSize } : { page, pageSize };
}

/** The page from the answer's array and headers; no X-Total-Count means the page is the list. */
export function listPageOf<T>(items: T[], headers: Headers | null): ListPage<T> {
  const header = headers?.get('x-total-count');
  const total = header == null || header === '' ? Number.NaN : Number(header);
  return {
    items,
    total: Number.isFinite(total) ? total : items.length,
    capped: headers?.get('x-total-count-capped') === 'true',
  };
}

/** GET one page of a list; `query` holds its filters and its page (pagingParams). */
export async function getListPage<T>(
  path: string,
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  let headers: Headers | null = null;
  const items = await apiRequest<T[]>('GET', path, undefined, {
    query,
    onHeaders: (answered) => {
      headers = answered;
    },
    ...(signal ? { signal } : {}),
  });
  return listPageOf(items, headers);
}

export interface PagedListOptions {
  /** The list and its filters, without the page: the hook adds the page to it. */
  queryKey: QueryKey;
  path: string;
  /** The filters as the endpoint names them. */
  params: Record<string, QueryValue>;
  page: number;
  pageSize: number;
  /** How the endpoint takes the page (default ?page=&pageSize=). */
  pageAs?: 'page' | 'offset';
  /**
   * What stays on screen while the next answer comes: by default the last page, for another
   * page and for other filters alike (typing a search does not blank the table); 'paging':
   * only for another page of the same filters, a new filter shows its own loading state.
   */
  keepPrevious?: 'always' | 'paging';
  enabled?: boolean;
}

/**
 * The one hook of the web's paged lists: a page of `path` under `[...queryKey, {page,
 * pageSize}]`, cached first (CACHE_FIRST), with the total and its cap from the headers.
 */
export function usePagedList<T>({
  queryKey,
  path,
  params,
  page,
  pageSize,
  pageAs = 'page',
  keepPrevious = 'always',
  enabled = true,
}: PagedListOptions) {
  const listKey = hashKey(queryKey);
  return useQuery({
    queryKey: [...queryKey, { page, pageSize }],
    queryFn: ({ signal }) =>
      getListPage<T>(path, { ...params, ...pagingParams({ page, pageSize, as: pageAs }) }, signal),
    placeholderData: (previous, previousQuery) =>
      keepPrevious === 'always' ||
      (previousQuery && hashKey(previousQuery.queryKey.slice(0, -1)) === listKey)
        ? previous
        : undefined,
    ...CACHE_FIRST,
    enabled,
  });
}
