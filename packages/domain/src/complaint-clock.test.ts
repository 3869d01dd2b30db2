import { describe, expect, it } from 'vitest';
import { atRiskAtOf, dueAtOf, slaStateOf } from './complaint-clock';
import { DEFAULT_WORKING_HOURS, type WorkingHours } from './schedule';

/** 2026-11-28 is a Saturday, 2026-11-29 a Sunday (closed by default), 2026-11-30 a Monday. */
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';
const MONDAY = '2026-11-30';
/** India is UTC+05:30 all year. */
const ist = (day: string, clock: string) => new Date(`${day}T${clock}:00+05:30`);
const iso = (date: Date) => date.toISOString();

const ALL_DAY: WorkingHours = {
  sun: { open: '00:00', close: '23:59' },
  mon: { open: '00:00', close: '23:59' },
  tue: { open: '00:00', close: '23:59' },
  wed: { open: '00:00', close: '23:59' },
  thu: { open: '00:00', close: '23:59' },
  fri: { open: '00:00', close: '23:59' },
  sat: { open: '00:00', close: '23:59' },
};

describe('dueAtOf and atRiskAtOf in calendar hours', () => {
  it('adds the hours, and 75% of them for amber, whatever the working hours', () => {
    const opened = ist(SATURDAY, '18:00');
    expect(iso(dueAtOf(opened, 2, 'calendar', DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-28T14:30:00.000Z',
    );
    expect(iso(atRiskAtOf(opened, 2, 'calendar', DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-28T14:00:00.000Z',
    );
    // 24 h from Saturday evening lands on the closed Sunday: calendar hours do not care.
    expect(iso(dueAtOf(opened, 24, 'calendar', DEFAULT_WORKING_HOURS))).toBe(
      iso(ist(SUNDAY, '18:00')),
    );
  });
});

describe('dueAtOf and atRiskAtOf in working hours (Mon–Sat 09:30–19:00 India)', () => {
  it('crosses the closed Sunday: Saturday 18:00 with 2 h is due Monday 10:30, amber at 10:00', () => {
    const opened = ist(SATURDAY, '18:00');
    // Saturday 18:00–19:00 counts 1 h; Sunday none; Monday from 09:30 the other hour.
    expect(iso(dueAtOf(opened, 2, 'working', DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-30T05:00:00.000Z',
    );
    // 1.5 h: 1 h on Saturday, 30 min on Monday.
    expect(iso(atRiskAtOf(opened, 2, 'working', DEFAULT_WORKING_HOURS))).toBe(
      '2026-11-30T04:30:00.000Z',
    );
  });

  it('starts counting at the next opening when raised on a closed Sunday', () => {
    expect(dueAtOf(ist(SUNDAY, '10:00'), 1, 'working', DEFAULT_WORKING_HOURS)).toEqual(
      ist(MONDAY, '10:30'),
    );
  });

  it('starts counting at the next morning when raised after closing, past India midnight', () => {
    // Monday 23:50 India is 18:20 UTC, still Monday in both; Tuesday opens at 09:30.
    expect(dueAtOf(ist(MONDAY, '23:50'), 1, 'working', DEFAULT_WORKING_HOURS)).toEqual(
      ist('2026-12-01', '10:30'),
    );
    // 00:10 India on Tuesday is Monday 18:40 UTC: the India day decides, not the UTC one.
    expect(dueAtOf(ist('2026-12-01', '00:10'), 1, 'working', DEFAULT_WORKING_HOURS)).toEqual(
      ist('2026-12-01', '10:30'),
    );
  });

  it('spreads a day-long target over several working days: Monday 08:00 with 24 h is due Wednesday 14:30', () => {
    // 570 min Monday + 570 min Tuesday = 1140; the other 300 min from Wednesday 09:30.
    expect(dueAtOf(ist(MONDAY, '08:00'), 24, 'working', DEFAULT_WORKING_HOURS)).toEqual(
      ist('2026-12-02', '14:30'),
    );
    // 75%: 1080 min: 570 Monday, 510 Tuesday from 09:30 → 18:00.
    expect(atRiskAtOf(ist(MONDAY, '08:00'), 24, 'working', DEFAULT_WORKING_HOURS)).toEqual(
      ist('2026-12-01', '18:00'),
    );
  });

  it('is due at closing when the hours end exactly there, not at the next opening', () => {
    const hours: WorkingHours = {
      ...DEFAULT_WORKING_HOURS,
      mon: { open: '10:00', close: '18:00' },
    };
    expect(dueAtOf(ist(MONDAY, '10:00'), 8, 'working', hours)).toEqual(ist(MONDAY, '18:00'));
  });

  it("crosses India's midnight for a branch that works round the clock", () => {
    // 23:30–23:59 counts 29 min; Tuesday from 00:00 the other 31.
    expect(dueAtOf(ist(MONDAY, '23:30'), 1, 'working', ALL_DAY)).toEqual(
      ist('2026-12-01', '00:31'),
    );
  });

  it('counts the calendar for a branch closed every day, rather than never falling due', () => {
    const closed: WorkingHours = {
      sun: null,
      mon: null,
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: null,
    };
    expect(dueAtOf(ist(MONDAY, '10:00'), 3, 'working', closed)).toEqual(ist(MONDAY, '13:00'));
  });
});

describe('slaStateOf', () => {
  const clock = {
    atRiskAt: ist(MONDAY, '10:00'),
    dueAt: ist(MONDAY, '10:30'),
    startedAt: null,
  };

  it('runs ok, then at risk from its amber instant, then breached from its due instant', () => {
    expect(slaStateOf(clock, ist(MONDAY, '09:59'))).toBe('ok');
    expect(slaStateOf(clock, ist(MONDAY, '10:00'))).toBe('at-risk');
    expect(slaStateOf(clock, ist(MONDAY, '10:29'))).toBe('at-risk');
    expect(slaStateOf(clock, ist(MONDAY, '10:30'))).toBe('breached');
  });

  it('is met by a start on or before the due time, whenever it is read', () => {
    expect(
      slaStateOf({ ...clock, startedAt: ist(MONDAY, '10:30') }, ist('2026-12-10', '12:00')),
    ).toBe('met');
    expect(slaStateOf({ ...clock, startedAt: ist(SATURDAY, '19:00') }, ist(MONDAY, '11:00'))).toBe(
      'met',
    );
  });

  it('stays breached when the start came after the due time', () => {
    expect(slaStateOf({ ...clock, startedAt: ist(MONDAY, '10:31') }, ist(MONDAY, '10:31'))).toBe(
      'breached',
    );
  });

  it('reads instants given as ISO strings, as the database answers them', () => {
    expect(
      slaStateOf(
        { atRiskAt: iso(clock.atRiskAt), dueAt: iso(clock.dueAt), startedAt: null },
        ist(MONDAY, '10:15'),
      ),
    ).toBe('at-risk');
  });
});
