import { describe, expect, it } from 'vitest';
import { windowCloses } from './window-closes';

describe("the WhatsApp window's closing time", () => {
  // 01:30 on 2 March in India, still 1 March by UTC (and on a device set to it).
  const now = new Date('2027-03-01T20:00:00.000Z');

  it("reads India's clock and India's today", () => {
    // 15:30 on 2 March in India: today there, though the UTC day differs from now's.
    expect(windowCloses('2027-03-02T10:00:00.000Z', now)).toBe('3:30 pm');
  });

  it("says tomorrow for India's next day", () => {
    // 00:15 on 3 March in India, 2 March by UTC.
    expect(windowCloses('2027-03-02T18:45:00.000Z', now)).toBe('12:15 am tomorrow');
  });

  it('gives the date further off', () => {
    expect(windowCloses('2027-03-04T10:00:00.000Z', now)).toMatch(/^04\/03\/(20)?27, 3:30 pm$/);
  });
});
