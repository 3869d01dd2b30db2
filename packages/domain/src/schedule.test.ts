import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockText,
  DEFAULT_WORKING_HOURS,
  daysFrom,
  dayUtilisation,
  indiaClockOf,
  indiaDayOf,
  indiaInstant,
  type Leave,
  lateness,
  minutesOfClock,
  type ScheduledJob,
  scheduleConflicts,
  utilisationBand,
  type WorkingHours,
  weekdayOf,
  workingSpanOf,
} from './schedule';

/** 2026-11-30 is a Monday, 2026-12-06 a Sunday. */
const MONDAY = '2026-11-30';
const SUNDAY = '2026-12-06';
const at = (clock: string, day = MONDAY) => indiaInstant(day, clock);
const job = (orderId: string, from: string, to: string, day = MONDAY): ScheduledJob => ({
  orderId,
  start: at(from, day),
  end: at(to, day),
});

describe("India's clock", () => {
  it('reads a day and time as India time, +05:30 all year', () => {
    expect(indiaInstant(MONDAY, '11:00').toISOString()).toBe('2026-11-30T05:30:00.000Z');
    expect(indiaInstant('2027-03-31', '23:50').toISOString()).toBe('2027-03-31T18:20:00.000Z');
    expect(indiaDayOf(new Date('2026-11-29T18:30:00.000Z'))).toBe(MONDAY);
    expect(indiaDayOf(new Date('2026-11-29T18:29:59.999Z'))).toBe('2026-11-29');
    expect(indiaClockOf(new Date('2026-11-30T05:30:00.000Z'))).toBe('11:00');
  });

  it('knows weekdays and walks days across months and years', () => {
    expect(weekdayOf(MONDAY)).toBe('mon');
    expect(weekdayOf(SUNDAY)).toBe('sun');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysFrom(MONDAY, '2026-12-02')).toEqual([MONDAY, '2026-12-01', '2026-12-02']);
  });

  it('reads a clock time as people do', () => {
    expect(['00:05', '09:30', '12:00', '14:05', '23:59'].map(clockText)).toEqual([
      '12:05 am',
      '9:30 am',
      '12:00 pm',
      '2:05 pm',
      '11:59 pm',
    ]);
  });

  it('refuses what is not a clock time or a day', () => {
    for (const clock of ['24:00', '9:30', '09:60', '', 'noon'])
      expect(minutesOfClock(clock)).toBeNull();
    expect(minutesOfClock('19:00')).toBe(1140);
    expect(() => indiaInstant('30/11/2026', '11:00')).toThrow(RangeError);
    expect(() => indiaInstant(MONDAY, '25:00')).toThrow(RangeError);
  });
});

describe('working hours', () => {
  it('default to Monday–Saturday 09:30–19:00, closed on Sunday', () => {
    expect(workingSpanOf(MONDAY, DEFAULT_WORKING_HOURS)).toEqual({
      start: at('09:30'),
      end: at('19:00'),
    });
    expect(workingSpanOf(SUNDAY, DEFAULT_WORKING_HOURS)).toBeNull();
  });
});

describe('scheduleConflicts', () => {
  const free = { jobs: [], hours: DEFAULT_WORKING_HOURS, leave: [] };

  it('finds nothing for a free slot in working hours, touching jobs included', () => {
    expect(scheduleConflicts({ ...free, start: at('11:00'), end: at('13:00') })).toEqual([]);
    // 09:30–11:00 ends as 11:00–13:00 starts: back to back is not an overlap.
    expect(
      scheduleConflicts({
        ...free,
        jobs: [job('WO-1', '09:30', '11:00'), job('WO-2', '13:00', '14:00')],
        start: at('11:00'),
        end: at('13:00'),
      }),
    ).toEqual([]);
  });

  it('names each overlapping job of the technician', () => {
    const conflicts = scheduleConflicts({
      ...free,
      jobs: [
        job('WO-1', '10:00', '11:30'),
        job('WO-2', '12:30', '14:00'),
        job('WO-3', '15:00', '16:00'),
      ],
      start: at('11:00'),
      end: at('13:00'),
    });
    expect(conflicts.map((c) => [c.kind, 'orderId' in c ? c.orderId : null, c.message])).toEqual([
      ['overlap', 'WO-1', 'Overlaps WO-1 (10:00–11:30)'],
      ['overlap', 'WO-2', 'Overlaps WO-2 (12:30–14:00)'],
    ]);
  });

  it('says when a job starts before opening, runs past closing or falls on a closed day', () => {
    const early = scheduleConflicts({ ...free, start: at('08:30'), end: at('10:00') });
    expect(early).toEqual([
      {
        kind: 'outside-working-hours',
        day: MONDAY,
        message: `Outside working hours on ${MONDAY} (09:30–19:00)`,
      },
    ]);
    expect(scheduleConflicts({ ...free, start: at('18:00'), end: at('19:30') })).toHaveLength(1);
    expect(scheduleConflicts({ ...free, start: at('17:00'), end: at('19:00') })).toEqual([]);
    expect(
      scheduleConflicts({ ...free, start: at('11:00', SUNDAY), end: at('12:00', SUNDAY) }),
    ).toEqual([
      { kind: 'outside-working-hours', day: SUNDAY, message: `The branch is closed on ${SUNDAY}` },
    ]);
  });

  it('flags each day a job running overnight leaves working hours', () => {
    const conflicts = scheduleConflicts({
      ...free,
      start: at('18:00'),
      end: at('10:00', '2026-12-01'),
    });
    expect(conflicts.map((c) => (c.kind === 'outside-working-hours' ? c.day : c.kind))).toEqual([
      MONDAY,
      '2026-12-01',
    ]);
  });

  it('follows a branch whose hours differ by day', () => {
    const hours: WorkingHours = {
      ...DEFAULT_WORKING_HOURS,
      sat: { open: '10:00', close: '14:00' },
    };
    const saturday = '2026-12-05';
    expect(
      scheduleConflicts({
        ...free,
        hours,
        start: at('13:00', saturday),
        end: at('15:00', saturday),
      }),
    ).toHaveLength(1);
    expect(
      scheduleConflicts({
        ...free,
        hours,
        start: at('10:00', saturday),
        end: at('14:00', saturday),
      }),
    ).toEqual([]);
  });

  it('finds leave, a part of the day too, with its reason', () => {
    const leave: Leave[] = [
      { id: 'L1', start: at('14:00'), end: at('19:00'), reason: 'Doctor' },
      { id: 'L2', start: at('00:00', '2026-12-01'), end: at('00:00', '2026-12-02'), reason: '' },
    ];
    expect(scheduleConflicts({ ...free, leave, start: at('11:00'), end: at('13:00') })).toEqual([]);
    expect(scheduleConflicts({ ...free, leave, start: at('13:00'), end: at('15:00') })).toEqual([
      {
        kind: 'on-leave',
        leaveId: 'L1',
        start: at('14:00').toISOString(),
        end: at('19:00').toISOString(),
        message: 'On leave: Doctor',
      },
    ]);
    const nextDay = scheduleConflicts({
      ...free,
      leave,
      start: at('10:00', '2026-12-01'),
      end: at('11:00', '2026-12-01'),
    });
    expect(nextDay.map((c) => c.message)).toEqual(['On leave']);
  });
});

describe('dayUtilisation', () => {
  it('books the minutes of the day against the working minutes less leave', () => {
    const jobs = [job('WO-1', '10:00', '12:00'), job('WO-2', '13:00', '14:30')];
    expect(dayUtilisation(MONDAY, DEFAULT_WORKING_HOURS, jobs, [])).toEqual({
      date: MONDAY,
      bookedMinutes: 210,
      workingMinutes: 570,
    });
    // Two leaves over the same afternoon count once: 14:00–19:00 is 300 minutes.
    const leave = [
      { start: at('14:00'), end: at('19:00') },
      { start: at('16:00'), end: at('20:00') },
    ];
    expect(dayUtilisation(MONDAY, DEFAULT_WORKING_HOURS, jobs, leave).workingMinutes).toBe(270);
  });

  it("counts only the part of an overnight job that falls on the day, and a closed day's work", () => {
    const overnight = [{ start: at('18:00'), end: at('02:00', '2026-12-01') }];
    expect(dayUtilisation(MONDAY, DEFAULT_WORKING_HOURS, overnight, []).bookedMinutes).toBe(360);
    expect(dayUtilisation('2026-12-01', DEFAULT_WORKING_HOURS, overnight, []).bookedMinutes).toBe(
      120,
    );
    expect(
      dayUtilisation(SUNDAY, DEFAULT_WORKING_HOURS, [job('WO-9', '10:00', '11:00', SUNDAY)], []),
    ).toEqual({ date: SUNDAY, bookedMinutes: 60, workingMinutes: 0 });
  });

  it('bands a day as under-used, normal or over-booked', () => {
    const day = (bookedMinutes: number) => ({ date: MONDAY, bookedMinutes, workingMinutes: 570 });
    expect(utilisationBand(day(0))).toBe('under');
    expect(utilisationBand(day(284))).toBe('under');
    expect(utilisationBand(day(285))).toBe('normal');
    expect(utilisationBand(day(570))).toBe('normal');
    expect(utilisationBand(day(571))).toBe('over');
    expect(utilisationBand({ date: SUNDAY, bookedMinutes: 60, workingMinutes: 0 })).toBe('over');
  });
});

describe('lateness', () => {
  // Booked 11:00–13:00 India time on 30 Nov 2026, told 10:00–12:00.
  const booked = {
    start: '2026-11-30T05:30:00.000Z',
    window: { start: '10:00', end: '12:00' },
    startedAt: null,
    status: 'assigned',
  };
  const at = (clock: string) => indiaInstant('2026-11-30', clock);

  it('marks a start after the window closed, and not one inside it', () => {
    expect(
      lateness(
        { ...booked, startedAt: at('12:01').toISOString(), status: 'in-progress' },
        at('13:00'),
      ),
    ).toBe('started-late');
    expect(
      lateness(
        { ...booked, startedAt: at('11:59').toISOString(), status: 'completed' },
        at('18:00'),
      ),
    ).toBeNull();
  });

  it('marks work not started once its window has closed', () => {
    expect(lateness(booked, at('11:59'))).toBeNull();
    expect(lateness(booked, at('12:01'))).toBe('not-started');
    // Paused or awaiting approval started: without a start in history it is not called late.
    expect(lateness({ ...booked, status: 'pending-approval' }, at('18:00'))).toBeNull();
  });

  it('without a window, allows 30 minutes after the booked start', () => {
    const noWindow = { ...booked, window: null };
    expect(lateness(noWindow, at('11:30'))).toBeNull();
    expect(lateness(noWindow, at('11:31'))).toBe('not-started');
    expect(lateness({ ...noWindow, startedAt: at('11:31').toISOString() }, at('12:00'))).toBe(
      'started-late',
    );
  });

  it('says nothing of a job without a time', () => {
    expect(lateness({ ...booked, start: null }, at('23:00'))).toBeNull();
  });
});
