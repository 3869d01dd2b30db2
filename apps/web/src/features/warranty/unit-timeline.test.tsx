import { formatDate, formatDateTime } from '@karya/domain/format';
import type { UnitEvent } from '@karya/domain/warranty-schemas';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnitTimeline } from './unit-timeline';

/** Issue 39 item 21: a stock entry given a date alone shows that date, never '12:00 am'. */
/** What the timeline reads, without React's markers between adjacent texts. */
const shown = (events: UnitEvent[]) =>
  renderToString(<UnitTimeline events={events} />).replaceAll('<!-- -->', '');

describe('the unit timeline', () => {
  const event = (fields: Partial<UnitEvent>): UnitEvent => ({
    at: '2026-11-20T00:00:00.000Z',
    kind: 'stock-in',
    title: 'Stock in at Kothrud',
    detail: 'Purchase',
    by: 'Meera Joshi',
    ...fields,
  });

  it('shows the date alone of a stock entry entered with a date only', () => {
    const html = shown([event({ dateOnly: true })]);
    expect(html).toContain(`${formatDate('2026-11-20T00:00:00.000Z')} · Meera Joshi`);
    expect(html).not.toMatch(/\d:\d\d\s?(am|pm)/i);
  });

  it('keeps the time of an event that has one', () => {
    const at = '2026-11-21T09:15:00.000Z';
    const html = shown([event({ at, kind: 'assigned' })]);
    expect(html).toContain(formatDateTime(at));
    expect(html).toMatch(/\d:\d\d\s?(am|pm)/i);
  });
});
