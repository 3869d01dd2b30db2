import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { limitFailures, type ThrottleRule } from './request-throttle';

/** A dead link's 404: what every public page answers to a guessed, revoked or expired token. */
export const isDeadLink = (error: unknown) =>
  error instanceof HttpError && error.statusCode === 404;

export interface PublicAnswerOptions {
  /** Also out of every cache (the page is one customer's); false for a write's answer. */
  noStore?: boolean;
  /** Which failures count against the address's limit; a dead link's by default. */
  counts?: (error: unknown) => boolean;
}

/**
 * What every request of a customer's public page (the job status, the quote, the unit's
 * sticker) goes through: its answer is kept out of search engines and, by default, out of
 * caches, and its failures count against the address's limit under `rule`. Past it they
 * answer 429, while a live link's answer is still given: the limit keeps guessing slow, and
 * the customers behind one address (a carrier's NAT) are not shut out by one of them guessing.
 */
export function answerPublicPage<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  rule: ThrottleRule,
  answer: () => Promise<T>,
  { noStore = true, counts = isDeadLink }: PublicAnswerOptions = {},
): Promise<T> {
  reply.header('X-Robots-Tag', 'noindex, nofollow');
  if (noStore) reply.header('Cache-Control', 'no-store');
  return limitFailures(db, rule, [`ip:${request.ip}`], counts, answer);
}
