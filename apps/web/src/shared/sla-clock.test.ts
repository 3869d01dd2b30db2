import { describe, expect, it } from 'vitest';
import { dueTimeText, slaStateAt, slaText } from './sla-clock';

// 30 Nov 2026: due 14:05 India (08:35 UTC), amber from 11:35 India (06:05 UTC).
const clock = {
  dueAt: '2026-11-30T08:35:00.000Z',
  atRiskAt: '2026-11-30T06:05:00.000Z',
  startedAt: null,
};
const at = (iso: string) => Date.parse(iso);

describe('slaStateAt', () => {
  it('is ok before its amber time, at risk from it, breached from the due time', () => {
    expect(slaStateAt(clock, at('2026-11-30T06:04:59Z'))).toBe('ok');
    expect(slaStateAt(clock, at('2026-11-30T06:05:00Z'))).toBe('at-risk');
    expect(slaStateAt(clock, at('2026-11-30T08:34:59Z'))).toBe('at-risk');
    expect(slaStateAt(clock, at('2026-11-30T08:35:00Z'))).toBe('breached');
  });

  it('stops at the start: met on or before the due time, breached after, whatever now is', () => {
    const later = at('2026-12-10T00:00:00Z');
    expect(slaStateAt({ ...clock, startedAt: '2026-11-30T08:35:00.000Z' }, later)).toBe('met');
    expect(slaStateAt({ ...clock, startedAt: '2026-11-30T05:00:00.000Z' }, later)).toBe('met');
    expect(slaStateAt({ ...clock, startedAt: '2026-11-30T08:36:00.000Z' }, later)).toBe('breached');
  });
});

describe('dueTimeText', () => {
  it("reads India's clock, whatever the browser's zone", () => {
    expect(dueTimeText(clock.dueAt, at('2026-11-29T12:00:00Z'))).toBe('30 Nov, 2:05 pm');
    // 20:00 UTC is the next morning in India.
    expect(dueTimeText('2026-11-30T20:00:00.000Z', at('2026-11-29T12:00:00Z'))).toBe(
      '01 Dec, 1:30 am',
    );
  });

  it('names the year only when it is not the current one', () => {
    expect(dueTimeText('2027-01-02T04:30:00.000Z', at('2026-12-31T04:30:00Z'))).toBe(
      '02 Jan 2027, 10:00 am',
    );
  });
});

describe('slaText', () => {
  it('says the state in words beside the due time, never colour alone', () => {
    const now = at('2026-11-29T12:00:00Z');
    expect(slaText('ok', clock.dueAt, now)).toBe('Due by 30 Nov, 2:05 pm');
    expect(slaText('at-risk', clock.dueAt, now)).toBe('At risk · Due by 30 Nov, 2:05 pm');
    expect(slaText('breached', clock.dueAt, now)).toBe('Breached · Due by 30 Nov, 2:05 pm');
    expect(slaText('met', clock.dueAt, now)).toBe('Met · Due by 30 Nov, 2:05 pm');
  });
});
