import { get, type IncomingMessage } from 'node:http';
import type { Method, Reply, Transport } from '@karya/test-factories';
import type { FastifyInstance } from 'fastify';

/** One server-sent event as a browser's EventSource would see it. */
export interface ReceivedEvent {
  id: number;
  data: Record<string, unknown>;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** Every event so far, in the order they came. */
  events: ReceivedEvent[];
  /** The stream's retry field, once sent. */
  retry: number | undefined;
  /** The first event (already received or still to come) matching, or a failure after `ms`. */
  next(match: (event: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  close(): void;
}

/** The ports these tests may serve on; the first free one is taken. */
const TEST_PORTS = [3151, 3152, 3153, 3154, 3155, 3156, 3157, 3158, 3159];

/** Serves the app on a real port: an SSE stream needs a socket, not app.inject. */
export async function serveOnTestPort(app: FastifyInstance): Promise<string> {
  for (const port of TEST_PORTS) {
    try {
      await app.listen({ port, host: '127.0.0.1' });
      return `http://127.0.0.1:${port}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`none of the ports ${TEST_PORTS.join(', ')} is free`);
}

/** A port of TEST_PORTS nobody listens on, for a server process of the test's own. */
export async function freeTestPort(taken: readonly number[] = []): Promise<number> {
  const { createServer } = await import('node:net');
  for (const port of TEST_PORTS.filter((p) => !taken.includes(p))) {
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
  throw new Error(`none of the ports ${TEST_PORTS.join(', ')} is free`);
}

function parseFrame(frame: string, stream: { retry: number | undefined }): ReceivedEvent | null {
  let id: number | undefined;
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('data: ')) data.push(line.slice(6));
    else if (line.startsWith('retry: ')) stream.retry = Number(line.slice(7));
  }
  if (id === undefined || data.length === 0) return null;
  return { id, data: JSON.parse(data.join('\n')) };
}

/**
 * GET /api/events over a real connection, read as it arrives. node:http rather than fetch:
 * closing destroys the socket at once, where an aborted fetch leaves the server waiting
 * seconds for it when it closes.
 */
export async function openEvents(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string; query?: string } = {},
): Promise<OpenedStream> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(
      `${baseUrl}/api/events${options.query ?? ''}`,
      {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': 'gzip, br',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      resolve,
    );
    request.on('error', reject);
  });
  const waiters = new Set<() => void>();
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const stream: OpenedStream = {
    status: response.statusCode ?? 0,
    headers,
    events: [],
    retry: undefined,
    next(match, ms = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = stream.events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(found);
          return true;
        };
        const waiter = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`no matching event within ${ms} ms; got ${JSON.stringify(stream.events)}`),
          );
        }, ms);
        if (!check()) waiters.add(waiter);
      });
    },
    close: () => response.destroy(),
  };
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = parseFrame(buffer.slice(0, end), stream);
      buffer = buffer.slice(end + 2);
      if (event) stream.events.push(event);
      end = buffer.indexOf('\n\n');
    }
    for (const waiter of [...waiters]) waiter();
  });
  response.on('error', () => {});
  return stream;
}

/** The factories' transport over real HTTP, for a server in a process of its own. */
export function httpTransport(baseUrl: string, cookie?: string): Transport {
  const transport: Transport = {
    async send(method: Method, path: string, body?: object): Promise<Reply> {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: response.status, body: parsed };
    },
    sendForm() {
      throw new Error('not needed by these tests');
    },
    async signIn(username, password) {
      const response = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const session = response.headers
        .getSetCookie()
        .find((c) => c.startsWith('karya_session='))
        ?.split(';')[0];
      if (!session) throw new Error(`login of ${username} answered ${response.status}`);
      return httpTransport(baseUrl, session) as typeof transport;
    },
  };
  return transport;
}
