import { indiaDate } from '@karya/domain/financial-year';

/**
 * Where the server reads the time for rules that depend on the day (issue 23): which visits
 * are due, overdue, or ending. The real clock in production; tests hand in one they move.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock a test (or, with KARYA_TEST_CLOCK=1, the browser journey through POST
 * /api/test-clock) sets; unset, it runs as the real one. It belongs to one process.
 */
export class SettableClock implements Clock {
  private fixed: Date | null = null;

  constructor(at?: Date | string) {
    if (at !== undefined) this.set(at);
  }

  now(): Date {
    return this.fixed ? new Date(this.fixed.getTime()) : new Date();
  }

  /** A calendar day ('2026-04-08') is taken at noon in India; null: the real time again. */
  set(at: Date | string | null): void {
    if (at === null) {
      this.fixed = null;
      return;
    }
    const date =
      typeof at === 'string'
        ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T12:00:00+05:30` : at)
        : at;
    if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${String(at)}`);
    this.fixed = date;
  }
}

/** India's calendar day of the clock's now, 'YYYY-MM-DD'. */
export const todayOf = (clock: Clock): string => indiaDate(clock.now());
