import type { PublicQuote } from '@karya/domain/quotation-schemas';
import { apiRequest } from '../../../lib/api-client';
import type { AcceptBody } from '../quote-choice';

const path = (token: string, action = '') => `/quote/${encodeURIComponent(token)}${action}`;

/** GET /api/quote/:token (public: the token is the customer's key). */
export function getPublicQuote(token: string): Promise<PublicQuote> {
  return apiRequest<PublicQuote>('GET', path(token));
}

/** POST /api/quote/:token/accept: once; a second accept answers the same acceptance. */
export function acceptQuote(token: string, body: AcceptBody): Promise<unknown> {
  return apiRequest<unknown>('POST', path(token, '/accept'), body);
}

export type QuoteResponseKind = 'request-changes' | 'decline';

/** POST /api/quote/:token/request-changes or /decline, with the customer's note. */
export function respondToQuote(
  token: string,
  kind: QuoteResponseKind,
  note: string,
): Promise<unknown> {
  return apiRequest<unknown>('POST', path(token, `/${kind}`), { note: note.trim() });
}
