/** Events that come together (a move writes two history lines) make one refetch. */
export const LIVE_DEBOUNCE_MS = 200;
const FIRST_REOPEN_MS = 2_000;
const LONGEST_REOPEN_MS = 60_000;

/** What this needs of the browser's EventSource (a fake one in the tests). */
export interface LiveSource {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveConnectionOptions {
  /** Opens the stream; `lastEventId` is where a reopened one resumes. */
  open(lastEventId: string | undefined): LiveSource;
  /** Called once per burst of events. */
  refetch(): void;
}

/** EventSource.CLOSED, without reading the global where there is none. */
const CLOSED = 2;

/**
 * One live stream and what it refetches. EventSource reconnects by itself after a dropped
 * stream and sends Last-Event-ID, which the server answers with what was missed; a stream it
 * gives up on (a refused reconnect, a proxy's 502) is opened again here with a growing pause,
 * resuming from the last event's id. Returns the function that closes it.
 */
export function connectLive(options: LiveConnectionOptions): () => void {
  let source: LiveSource | null = null;
  let lastEventId: string | undefined;
  let failures = 0;
  // Whether a stream has opened before: EventSource's own reconnect opens the same source
  // again, so this is counted per open, not per source made here.
  let openedBefore = false;
  let refetchTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  const refetchSoon = () => {
    if (refetchTimer !== undefined) return;
    refetchTimer = setTimeout(() => {
      refetchTimer = undefined;
      options.refetch();
    }, LIVE_DEBOUNCE_MS);
  };

  const open = (reopened: boolean) => {
    const opened = options.open(lastEventId);
    source = opened;
    opened.onopen = () => {
      failures = 0;
      // On any open but the very first (EventSource's own reconnect, or a stream made again
      // here after the first never opened) with no event yet, there is no id to resume from:
      // what changed meanwhile is refetched.
      if ((reopened || openedBefore) && lastEventId === undefined) refetchSoon();
      openedBefore = true;
    };
    opened.onmessage = (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      refetchSoon();
    };
    opened.onerror = () => {
      if (opened.readyState !== CLOSED) return;
      opened.close();
      const pause = Math.min(LONGEST_REOPEN_MS, FIRST_REOPEN_MS * 2 ** failures);
      failures += 1;
      reopenTimer = setTimeout(() => open(true), pause);
    };
  };

  open(false);
  return () => {
    source?.close();
    clearTimeout(refetchTimer);
    clearTimeout(reopenTimer);
  };
}
