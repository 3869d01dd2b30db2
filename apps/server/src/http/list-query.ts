import { queryInt } from '@karya/domain/input';
import { idOf, USER_MESSAGES } from '@karya/domain/user-schemas';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The furthest a list pages: far beyond any shop's rows, well inside an int4 OFFSET. */
const MAX_OFFSET = 100_000_000;
const MAX_PAGE = 1_000_000;

/**
 * ?page=&pageSize= or ?limit=&offset= of a paged list, pages capped at `maxPageSize`; plain
 * decimal digits only (issue 16 §7).
 */
export function pagingQuery(maxPageSize: number) {
  return {
    page: queryInt({ min: 1, max: MAX_PAGE }).optional(),
    pageSize: queryInt({ min: 1, max: maxPageSize }).optional(),
    limit: queryInt({ min: 1, max: maxPageSize }).optional(),
    offset: queryInt({ min: 0, max: MAX_OFFSET }).optional(),
  };
}

/** ?branch=: a branch id, or blank or 'all' for every branch. */
export const branchQuery = z
  .union([z.literal(''), z.literal('all'), idOf(USER_MESSAGES.branchNotFound)])
  .optional();

interface PagingQuery {
  page?: number | undefined;
  pageSize?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** limit and offset from either form of paging; page and pageSize as the answer states them. */
export function pagingOf(query: PagingQuery, defaultPageSize: number) {
  const limit = query.limit ?? query.pageSize ?? defaultPageSize;
  const offset = query.offset ?? ((query.page ?? 1) - 1) * limit;
  return { limit, offset, page: Math.floor(offset / limit) + 1, pageSize: limit };
}

/** The branch a ?branch= names; undefined for every branch. */
export const branchOf = (branch: string | undefined) =>
  branch && branch !== 'all' ? branch : undefined;

/** The headers a paged list answers its total in (exposed to a separately hosted client). */
export const LIST_TOTAL_HEADERS = ['X-Total-Count', 'X-Total-Count-Capped'] as const;

/**
 * The one answer of every paged list (decisions 005, 024): the spec's `data` is the page's
 * array; the rows the filter matches go in X-Total-Count. A capped total (a search matching
 * more than its cap) is a lower bound: X-Total-Count-Capped: true. A summary over the whole
 * filter (the dues' totals) is an endpoint of its own, never an object around the page.
 */
export function listAnswer<T>(
  reply: FastifyReply,
  page: { items: T[]; total: number; capped?: boolean },
): T[] {
  reply.header('x-total-count', String(page.total));
  if (page.capped) reply.header('x-total-count-capped', 'true');
  return page.items;
}
