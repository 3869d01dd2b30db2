import { DEFAULT_WORKING_HOURS, indiaInstant } from '@karya/domain/schedule';
import { describe, expect, it } from 'vitest';
import {
  clockFor,
  closedSpans,
  columnUnder,
  dayFrame,
  HOUR_PX,
  MINUTE_PX,
  movedStart,
  onDay,
  resizedMinutes,
  shiftedWindow,
  slotAt,
  spanOn,
  stackLanes,
  utilisationText,
  waitingDays,
  weekOf,
} from './board-layout';

const MONDAY = '2027-03-01';
const at = (clock: string, day = MONDAY) => indiaInstant(day, clock);

describe('the day frame', () => {
  it("spans the branch's hours with an hour either side, on whole hours", () => {
    expect(dayFrame(MONDAY, DEFAULT_WORKING_HOURS)).toEqual({ start: 8 * 60, end: 20 * 60 });
    // Sunday is closed by default: a shop's usual day, all greyed.
    expect(dayFrame('2027-03-07', DEFAULT_WORKING_HOURS)).toEqual({ start: 480, end: 1200 });
    expect(closedSpans('2027-03-07', { start: 480, end: 1200 }, DEFAULT_WORKING_HOURS)).toEqual([
      { left: 0, width: 12 * HOUR_PX },
    ]);
  });

  it('greys before opening and after closing', () => {
    const frame = dayFrame(MONDAY, DEFAULT_WORKING_HOURS);
    expect(closedSpans(MONDAY, frame, DEFAULT_WORKING_HOURS)).toEqual([
      { left: 0, width: 90 * MINUTE_PX },
      { left: 11 * HOUR_PX, width: HOUR_PX },
    ]);
  });
});

describe('a drop', () => {
  const frame = { start: 480, end: 1200 };

  it('names the 15-minute slot under the pointer, India time', () => {
    expect(slotAt(MONDAY, frame, 3 * HOUR_PX + 5)).toEqual(at('11:00'));
    expect(slotAt(MONDAY, frame, 3 * HOUR_PX + 14 * MINUTE_PX)).toEqual(at('11:00'));
    expect(slotAt(MONDAY, frame, 3 * HOUR_PX + 15 * MINUTE_PX)).toEqual(at('11:15'));
    expect(at('11:00').toISOString()).toBe('2027-03-01T05:30:00.000Z');
    // Off either end of the row: its first or last slot.
    expect(slotAt(MONDAY, frame, -40)).toEqual(at('08:00'));
    expect(slotAt(MONDAY, frame, 13 * HOUR_PX)).toEqual(at('19:45'));
  });

  it('moves a card by whole quarters, resizes it to at least one, keeps its clock on another day', () => {
    expect(movedStart(at('11:00'), 2 * HOUR_PX + 5)).toEqual(at('13:00'));
    expect(movedStart(at('11:00'), -10 * MINUTE_PX)).toEqual(at('10:45'));
    expect(resizedMinutes(120, -30 * MINUTE_PX)).toBe(90);
    expect(resizedMinutes(30, -HOUR_PX)).toBe(15);
    expect(onDay(at('14:30'), '2027-03-04')).toEqual(at('14:30', '2027-03-04'));
  });
});

describe('a card', () => {
  const frame = { start: 480, end: 1200 };

  it('sits at its time, clipped to the frame', () => {
    expect(spanOn(MONDAY, frame, at('11:00'), at('13:00'))).toEqual({
      left: 3 * HOUR_PX,
      width: 2 * HOUR_PX,
    });
    expect(spanOn(MONDAY, frame, at('19:00'), at('22:00'))).toEqual({
      left: 11 * HOUR_PX,
      width: HOUR_PX,
    });
    expect(spanOn(MONDAY, frame, at('06:00'), at('07:00'))).toBeNull();
  });

  it('stacks overlapping jobs in lanes, a free lane reused', () => {
    const job = (id: string, start: string, end: string) => ({
      _id: id,
      start: at(start).toISOString(),
      end: at(end).toISOString(),
    });
    const { lane, lanes } = stackLanes([
      job('a', '11:00', '13:00'),
      job('b', '12:00', '13:00'),
      job('c', '13:00', '14:00'),
    ]);
    expect(lanes).toBe(2);
    expect([lane.get('a'), lane.get('b'), lane.get('c')]).toEqual([0, 1, 0]);
    expect(stackLanes([]).lanes).toBe(1);
  });
});

describe('the words', () => {
  it('says utilisation in words with its band', () => {
    expect(utilisationText({ date: MONDAY, bookedMinutes: 240, workingMinutes: 570 })).toBe(
      'Booked 4h of 9h 30m (42%) · Under-used',
    );
    expect(utilisationText({ date: MONDAY, bookedMinutes: 300, workingMinutes: 570 })).toBe(
      'Booked 5h of 9h 30m (53%) · Normal',
    );
    expect(utilisationText({ date: MONDAY, bookedMinutes: 600, workingMinutes: 570 })).toBe(
      'Booked 10h of 9h 30m (105%) · Over-booked',
    );
    expect(utilisationText({ date: MONDAY, bookedMinutes: 0, workingMinutes: 0 })).toBe(
      'No working time',
    );
  });

  it('counts waiting days by India day and finds the week of a day', () => {
    // 23:00 IST on 25 Feb is still 25 Feb in India.
    expect(waitingDays(at('23:00', '2027-02-25').toISOString(), MONDAY)).toBe(4);
    expect(waitingDays(at('00:30').toISOString(), MONDAY)).toBe(0);
    expect(weekOf('2027-03-03')).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-04',
      '2027-03-05',
      '2027-03-06',
      '2027-03-07',
    ]);
    expect(weekOf('2027-03-07')[0]).toBe(MONDAY);
  });
});

describe('the day a card dropped on a week row names', () => {
  // Seven day columns of 130 px from x = 200.
  const columns = Array.from({ length: 7 }, (_, i) => ({
    left: 200 + i * 130,
    right: 330 + i * 130,
  }));

  it('is the column the card lies most over', () => {
    // A 192 px card from 600 to 792: columns 3 (590–720, 120 px) and 4 (720–850, 72 px).
    expect(columnUnder(columns, 600, 792)).toBe(3);
    expect(columnUnder(columns, 700, 892)).toBe(4);
    // Wholly inside Friday's column.
    expect(columnUnder(columns, 730, 840)).toBe(4);
  });

  it('takes the first of two equal overlaps, and none when the card is beside the row', () => {
    expect(columnUnder(columns, 295, 365)).toBe(0);
    expect(columnUnder(columns, 0, 150)).toBeNull();
    expect(columnUnder(columns, 1200, 1300)).toBeNull();
    expect(columnUnder([], 0, 100)).toBeNull();
  });

  it('counts a card hanging over the row’s ends by the part inside', () => {
    expect(columnUnder(columns, 100, 250)).toBe(0);
    expect(columnUnder(columns, 1050, 1250)).toBe(6);
  });
});

describe('the arrival window of a moved visit', () => {
  const window = { start: '10:00', end: '12:00' };

  it('shifts by as many minutes as the start moved on the clock', () => {
    expect(shiftedWindow(window, at('10:30'), at('14:00'))).toEqual({
      start: '13:30',
      end: '15:30',
    });
    expect(shiftedWindow(window, at('10:30'), at('09:15'))).toEqual({
      start: '08:45',
      end: '10:45',
    });
  });

  it('is kept when only the day changes (the week view) or nothing moved', () => {
    expect(shiftedWindow(window, at('10:30'), at('10:30', '2027-03-04'))).toBe(window);
    expect(shiftedWindow(window, at('10:30'), at('10:30'))).toBe(window);
  });

  it('shifts by the clock even when the day changes too', () => {
    expect(shiftedWindow(window, at('10:30'), at('11:30', '2027-03-02'))).toEqual({
      start: '11:00',
      end: '13:00',
    });
  });

  it('stays within the day, keeping its length', () => {
    expect(shiftedWindow(window, at('10:30'), at('23:00'))).toEqual({
      start: '21:59',
      end: '23:59',
    });
    expect(shiftedWindow(window, at('10:30'), at('00:15'))).toEqual({
      start: '00:00',
      end: '02:00',
    });
  });
});

describe("the clock a part of the board redraws by (its 'Late' marks)", () => {
  const job = (status: string, startedAt: string | null = null) => ({
    start: at('10:00').toISOString(),
    startedAt,
    status,
  });
  const now = at('13:00').getTime();

  it('is the minute where a booked job has not started', () => {
    expect(clockFor([job('completed'), job('assigned')], now)).toBe(now);
    expect(clockFor([job('rejected')], now)).toBe(now);
  });

  it('is still where nothing can turn late', () => {
    expect(clockFor([], now)).toBe(0);
    expect(clockFor([job('in_progress', at('10:10').toISOString()), job('completed')], now)).toBe(
      0,
    );
    expect(clockFor([{ ...job('assigned'), start: null }], now)).toBe(0);
  });
});
