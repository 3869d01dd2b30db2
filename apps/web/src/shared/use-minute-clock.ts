import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The start of the minute an instant falls in, in ms since the epoch. */
export const minuteOf = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** How long from `ms` until the next minute begins (a whole minute on the minute itself). */
export const untilNextMinute = (ms: number) => minuteOf(ms) + MINUTE_MS - ms;

/**
 * The current minute (its start, in ms), changing when the wall clock's minute does: what a
 * screen that reads the time at render (the schedule board's 'Late' marks) passes to its
 * memoised parts so they are drawn again as time passes, once a minute and no more often.
 */
export function useMinuteClock(): number {
  const [minute, setMinute] = useState(() => minuteOf(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setMinute(minuteOf(Date.now()));
      // Timed to the minute's turn each time, so a slow or throttled timer does not drift.
      timer = setTimeout(tick, untilNextMinute(Date.now()));
    };
    timer = setTimeout(tick, untilNextMinute(Date.now()));
    return () => clearTimeout(timer);
  }, []);
  return minute;
}
