import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, actorOf, hasFullAccess, ROLES } from '../../auth/guard';
import { findSessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { EventStream, HEARTBEAT_MS, RETRY_MS } from './event-stream';
import { type Branches, eventsAfter, type LiveEvent } from './live-events.queries';
import type { LiveHub } from './live-hub';

/** The most missed events sent on a reconnect; the board refetches on any one of them. */
export const REPLAY_LIMIT = 500;

/**
 * The branches whose events a user hears: an admin every branch, a manager their own. Only the
 * desk opens the stream (the route's access): a branch's events name every order and contact
 * of it, which a technician, who sees only their own jobs, must not hear.
 */
export function branchesOf(actor: Actor): Branches {
  if (actor.role === 'admin') return 'all';
  return actor.branchId ? [actor.branchId] : [];
}

/**
 * Where the browser was: EventSource's Last-Event-ID header on its own reconnects, or
 * ?lastEventId= from a page that opened a new EventSource. Anything but a row id is ignored:
 * the stream then starts from now, as a first connection does.
 */
export function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const text = typeof header === 'string' && header !== '' ? header : query;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/** Whether the session still lets this user hear the same branches (checked each heartbeat). */
async function stillAdmitted(db: Database, request: FastifyRequest, heard: Branches) {
  const token = request.sessionToken;
  const actor = token ? await findSessionUser(db, token) : null;
  if (!actor || !hasFullAccess(actor)) return false;
  const now = branchesOf(actor);
  return now === heard || (now !== 'all' && heard !== 'all' && now.join() === heard.join());
}

/**
 * GET /api/events (issue 34): server-sent events of the branches the user may see. Missed
 * events are replayed first (after subscribing, so none falls between the two), then the
 * live ones; a comment every HEARTBEAT_MS keeps the connection open and checks the session,
 * so a logged-out or moved user stops hearing within one heartbeat.
 */
function openStream(
  db: Database,
  hub: LiveHub,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const branches = branchesOf(actorOf(request));
  const stream = new EventStream();
  const held: LiveEvent[] = [];
  let replaying = true;
  const unsubscribe = hub.subscribe({
    branches,
    deliver: (event) => (replaying ? held.push(event) : stream.send(event)),
    end: () => stream.end(),
  });
  const heartbeat = setInterval(() => {
    stream.write(': heartbeat\n\n');
    stillAdmitted(db, request, branches)
      .then((admitted) => admitted || stream.end())
      .catch(() => stream.end());
  }, HEARTBEAT_MS);
  stream.whenClosed(() => {
    clearInterval(heartbeat);
    unsubscribe();
    // The socket goes too: a half-closed one would hold the server's close up until the
    // keep-alive timeout, and the browser reconnects either way.
    reply.raw.destroy();
  });
  reply.raw.on('close', () => stream.end());

  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    // nginx and similar proxies hold a response back to buffer it unless told not to.
    .header('x-accel-buffering', 'no');
  // The retry line first, so the headers go out and EventSource reports the stream open.
  stream.write(`retry: ${RETRY_MS}\n\n`);
  reply.send(stream.body);

  const lastId = lastEventIdOf(request);
  const missed =
    lastId === undefined ? Promise.resolve([]) : eventsAfter(db, branches, lastId, REPLAY_LIMIT);
  missed
    .then((events) => {
      const sent = new Set(events.map((event) => event.id));
      for (const event of events) stream.send(event);
      for (const event of held) if (!sent.has(event.id)) stream.send(event);
      replaying = false;
      held.length = 0;
    })
    .catch((error) => {
      request.log.warn({ err: error }, 'live events: replay failed');
      stream.end();
    });
  return reply;
}

export function liveEventsRoutes(db: Database, hub: LiveHub) {
  return async (app: FastifyInstance) => {
    app.get(
      '/events',
      {
        config: { access: ROLES.desk },
        // Compressing would hold events back in gzip's buffer; they are a few bytes each.
        compress: false,
        schema: {
          tags: ['live-events'],
          summary:
            "Server-sent events (text/event-stream) of the branches the user may see: each event's id is its number, its data names what changed, e.g. { type: 'work-order', orderId, branchId, at }. Reconnecting with Last-Event-ID (or ?lastEventId=) first sends what was missed (the last day, at most 500); a comment every 20 s keeps it open",
        },
      },
      async (request, reply) => openStream(db, hub, request, reply),
    );
  };
}
