import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  REPLAYED_HEADER,
} from '@karya/domain/idempotency';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, conflict, HttpError } from './errors';

/**
 * `Idempotency-Key` on state-changing requests (issue 20, decision 027): the phone's offline
 * queue sends each action with a key of its own and may send it again after a lost answer.
 * The first request with a key runs and its answer is kept for KEEP_DAYS; a repeat with the
 * same key and the same request answers as the first did and changes nothing; the same key
 * with another request is refused (422). Keys belong to the signed-in user, so two users'
 * keys never meet.
 */
export const KEEP_DAYS = 7;
/**
 * A claim older than this whose answer was never kept (its process died mid-request) may be
 * taken again. The effects the phone queues are refused on a second run by their own rules
 * (an order already started, a bill already paid), so a retry after a crash is safe.
 */
const ABANDONED_AFTER_SECONDS = 120;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  userId: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

/** The same request, whatever order its body's keys were sent in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * When the action happened (decision 043) is not part of what it is: a queued copy of a
 * request sent online without it, or stamped again by an older phone, is still the same
 * action, answered as the first was rather than refused as another request.
 */
function withoutOccurredAt(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  if (!('occurredAt' in body)) return body;
  const { occurredAt: _when, ...rest } = body as Record<string, unknown>;
  return rest;
}

export function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${stableJson(withoutOccurredAt(body) ?? null)}`)
    .digest('base64url');
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
  return key;
}

export function registerIdempotency(app: FastifyInstance, db: Database): void {
  app.decorateRequest('idempotencyClaim', null);
  let prunedAt = 0;

  async function pruneOld(): Promise<void> {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`));
  }

  /** Takes the key for this request, or answers as the first request with it did. */
  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!CHANGING_METHODS.has(request.method) || !request.actor) return;
    const key = keyOf(request);
    if (key === null) return;
    await pruneOld();
    const userId = request.actor.id;
    const fingerprint = fingerprintOf(request.method, request.url, request.body);
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyClaim = { userId, key };
      return;
    }

    const [kept] = await db
      .select({
        fingerprint: idempotencyKeys.fingerprint,
        statusCode: idempotencyKeys.statusCode,
        answer: idempotencyKeys.answer,
        abandoned: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`,
      })
      .from(idempotencyKeys)
      .where(mine);
    if (!kept) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
    if (kept.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reusedKey);
    if (kept.statusCode !== null && kept.answer !== null) {
      await reply
        .status(kept.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header(REPLAYED_HEADER, 'true')
        .send(kept.answer);
      return;
    }
    if (!kept.abandoned) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
    // Taken again only if no other request took it over meanwhile.
    const retaken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          mine,
          sql`${idempotencyKeys.statusCode} is null`,
          sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`,
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (retaken.length === 0) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
    request.idempotencyClaim = { userId, key };
  }

  app.addHook('preHandler', claimOrReplay);

  // Registered before compression, so the kept answer is the JSON text, not its gzip.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    // A server failure, or an answer that is not text, leaves the key free for a retry.
    if (reply.statusCode >= 500 || text === null) {
      await db.delete(idempotencyKeys).where(mine);
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode, answer: text })
      .where(mine);
    return payload;
  });
}
