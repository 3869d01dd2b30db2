import { describe, expect, it } from 'vitest';
import { minuteOf, untilNextMinute } from './use-minute-clock';

describe('the minute clock', () => {
  const at = Date.parse('2027-03-01T05:30:00.000Z');

  it('names the start of the minute', () => {
    expect(minuteOf(at)).toBe(at);
    expect(minuteOf(at + 59_999)).toBe(at);
    expect(minuteOf(at + 60_000)).toBe(at + 60_000);
  });

  it('waits until the next minute begins', () => {
    expect(untilNextMinute(at)).toBe(60_000);
    expect(untilNextMinute(at + 45_500)).toBe(14_500);
  });
});
