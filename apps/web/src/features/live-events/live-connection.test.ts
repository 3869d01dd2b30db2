import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, LIVE_DEBOUNCE_MS, type LiveSource } from './live-connection';

/** A stand-in for EventSource: the test says when it opens, sends and fails. */
class FakeSource implements LiveSource {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly lastEventId: string | undefined) {}
  opened() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(id: string) {
    this.onmessage?.({ lastEventId: id, data: '{}' } as MessageEvent);
  }
  /** EventSource's own retry (CONNECTING) or its giving up (CLOSED). */
  fail(givenUp: boolean) {
    this.readyState = givenUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

let sources: FakeSource[];
let refetches: number;
let close: () => void;
const latest = () => sources.at(-1) as FakeSource;

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  refetches = 0;
  close = connectLive({
    open: (lastEventId) => {
      const source = new FakeSource(lastEventId);
      sources.push(source);
      return source;
    },
    refetch: () => {
      refetches += 1;
    },
  });
});
afterEach(() => {
  close();
  vi.useRealTimers();
});

describe('connectLive', () => {
  it('refetches once per burst, after the debounce', () => {
    latest().opened();
    latest().send('1');
    latest().send('2');
    latest().send('3');
    expect(refetches).toBe(0);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(1);
    latest().send('4');
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(2);
  });

  it("leaves EventSource's own reconnect alone, and reopens one it gave up on from the last event's id", () => {
    latest().opened();
    latest().send('41');
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    latest().fail(false);
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);

    latest().fail(true);
    expect(sources[0]?.closed).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    expect(latest().lastEventId).toBe('41');
  });

  it('waits longer after each refusal, and refetches when a stream reopens with no id to resume from', () => {
    latest().fail(true);
    vi.advanceTimersByTime(2_000);
    latest().fail(true);
    vi.advanceTimersByTime(2_000);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(2_000);
    expect(sources).toHaveLength(3);
    latest().opened();
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(1);
  });

  it("refetches when EventSource's own reconnect opens again before any event arrived", () => {
    latest().opened();
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(0);
    latest().fail(false);
    latest().opened();
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(1);
  });

  it('refetches when a stream that had opened is reopened here before any event arrived', () => {
    latest().opened();
    latest().fail(true);
    vi.advanceTimersByTime(2_000);
    expect(sources).toHaveLength(2);
    expect(latest().lastEventId).toBeUndefined();
    latest().opened();
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(1);
  });

  it("leaves a reconnect after an event to the server's replay from Last-Event-ID", () => {
    latest().opened();
    latest().send('7');
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(1);
    latest().fail(false);
    latest().opened();
    vi.advanceTimersByTime(LIVE_DEBOUNCE_MS);
    expect(refetches).toBe(1);
  });

  it('closes the stream and its timers', () => {
    latest().opened();
    latest().send('1');
    close();
    vi.advanceTimersByTime(60_000);
    expect(latest().closed).toBe(true);
    expect(refetches).toBe(0);
  });
});
