import pg from 'pg';

/** What a listener is told: a notification's payload, or that it may have missed some. */
export interface ListenHandlers {
  onMessage(payload: string): void;
  /**
   * The connection came back after a drop: notifications sent meanwhile are lost, so the
   * listener reads what it missed from where it keeps it.
   */
  onReconnect?(): void;
  /** A dropped or refused connection, for the log; the listener keeps trying. */
  onError?(error: Error): void;
}

/** Stops listening; safe to call twice and after the database closed. */
export type Unlisten = () => Promise<void>;

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 15_000;

/**
 * LISTEN on a connection of its own, never one of the pool's: a pooled connection goes back
 * to other queries (and behind PgBouncer in transaction mode to another server connection),
 * and its LISTEN with it. A dropped connection is opened again with a growing pause, so a
 * restarted database or a cut network does not leave the process deaf. Resolves once the
 * first attempt is over, listening or retrying.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (stopped) return;
    const pause = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => void connect(true), pause);
    retry.unref();
  };

  async function connect(again: boolean): Promise<void> {
    // Keepalive: a LISTEN connection only reads, so a peer gone silently (a NAT or firewall
    // dropping the idle flow) would otherwise leave it waiting for notifications forever.
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    // An error on an idle connection is followed by 'end', which reconnects.
    client.on('error', (error) => handlers.onError?.(error));
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      scheduleRetry();
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      handlers.onError?.(error as Error);
      await client.end().catch(() => {});
      scheduleRetry();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    failures = 0;
    if (again) handlers.onReconnect?.();
  }

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
