import { slaStateOf } from '@karya/domain/complaint-clock';
import type { SlaState, WorkOrderSla } from '@karya/domain/complaint-schemas';
import { dayMonthYear } from '@karya/domain/day-text';
import { clockText, indiaClockOf, indiaDayOf } from '@karya/domain/schedule';

/**
 * A complaint's response clock as the desk reads it (issue 37): where it stands now, and its
 * due time in India's words. Pure: the badge reads the state again as the minutes pass, so a
 * list left open turns amber, then red, without a refetch.
 */

type ClockInstants = Pick<WorkOrderSla, 'dueAt' | 'atRiskAt' | 'startedAt'>;

/**
 * Where the clock stands at `now` (ms), by the server's own rule (slaStateOf): a start stops
 * it ('met' in time, else 'breached'); a running clock is 'breached' from its due time,
 * 'at-risk' from its amber time, else 'ok'.
 */
export function slaStateAt(clock: ClockInstants, now: number): SlaState {
  return slaStateOf(clock, new Date(now));
}

/**
 * '30 Nov, 2:05 pm' on India's clock, whatever the browser's zone; the year only when it is
 * not the current one ('02 Jan 2027, 10:00 am' seen in December).
 */
export function dueTimeText(dueAt: string, now: number): string {
  const at = new Date(dueAt);
  if (Number.isNaN(at.getTime())) return dueAt;
  const day = indiaDayOf(at);
  const thisYear = indiaDayOf(new Date(now)).slice(0, 4);
  const [dd, mon, year] = dayMonthYear(day, ' ').split(' ');
  const date = year === thisYear ? `${dd} ${mon}` : `${dd} ${mon} ${year}`;
  return `${date}, ${clockText(indiaClockOf(at))}`;
}

/** The clock's words, so the state is never told by colour alone: 'At risk · Due by …'. */
export function slaText(state: SlaState, dueAt: string, now: number): string {
  return `${STATE_PREFIX[state]}Due by ${dueTimeText(dueAt, now)}`;
}

const STATE_PREFIX: Record<SlaState, string> = {
  ok: '',
  'at-risk': 'At risk · ',
  breached: 'Breached · ',
  met: 'Met · ',
};
