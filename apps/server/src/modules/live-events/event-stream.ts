import { PassThrough } from 'node:stream';
import type { LiveEvent } from './live-events.queries';

/** How long the browser waits before reconnecting after the stream ends. */
export const RETRY_MS = 2_000;
/**
 * A comment this often keeps proxies and load balancers (often 30–60 s idle timeouts) from
 * cutting a quiet stream, and lets the server notice a browser that went away.
 */
export const HEARTBEAT_MS = 20_000;
/**
 * A browser that stops reading is dropped rather than buffered for without end; it
 * reconnects with Last-Event-ID and is sent what it missed.
 */
const MOST_UNREAD_BYTES = 256 * 1024;

/** The text/event-stream frame of an event: its row id, so a reconnect says where it was. */
export function eventFrame(event: LiveEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** One browser's stream: writes that stop quietly once it is closed. */
export class EventStream {
  readonly body = new PassThrough();
  private closed = false;
  private readonly onClose: Array<() => void> = [];

  constructor() {
    this.body.on('close', () => this.finish());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Runs once, when the stream ends for whatever reason (browser gone, server closing). */
  whenClosed(cleanup: () => void): void {
    if (this.closed) cleanup();
    else this.onClose.push(cleanup);
  }

  write(text: string): void {
    if (this.closed) return;
    this.body.write(text);
    if (this.body.writableLength > MOST_UNREAD_BYTES) this.end();
  }

  send(event: LiveEvent): void {
    this.write(eventFrame(event));
  }

  end(): void {
    if (this.closed) return;
    this.body.end();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const cleanup of this.onClose.splice(0)) cleanup();
  }
}
