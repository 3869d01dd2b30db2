import type { QueryValue } from './api-client';

export const API_PREFIX = '/api';

/**
 * The address of an API call: `path` under /api, the query's null and undefined values left
 * out. The early requests of a page (lib/early-requests.ts) are named by this same address.
 */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}
