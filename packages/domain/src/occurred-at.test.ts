import { describe, expect, it } from 'vitest';
import { decideOccurredAt, indiaDateTimeText, occurredAtField } from './occurred-at';

const now = new Date('2027-04-01T00:10:00+05:30');

describe('decideOccurredAt', () => {
  it('takes the phone time of an action in the past, within 7 days, after the previous event', () => {
    const decision = decideOccurredAt(
      '2027-03-31T23:50:00+05:30',
      now,
      new Date('2027-03-31T23:40:00+05:30'),
    );
    expect(decision).toEqual({ taken: true, at: new Date('2027-03-31T18:20:00Z') });
  });

  it('uses the server time without occurredAt', () => {
    expect(decideOccurredAt(undefined, now, null)).toEqual({ taken: true, at: now });
  });

  it('reads a phone up to 2 minutes ahead as now, and one further ahead as not used', () => {
    expect(decideOccurredAt('2027-04-01T00:11:30+05:30', now, null)).toEqual({
      taken: true,
      at: now,
    });
    expect(decideOccurredAt('2027-04-01T00:13:00+05:30', now, null)).toEqual({
      taken: false,
      at: now,
      reason: 'future',
      note: 'Phone time 01/04/2027 00:13 not used: later than the server’s time',
    });
  });

  it('refuses a time more than 7 days old', () => {
    const decision = decideOccurredAt('2027-03-24T16:49:00+05:30', now, null);
    expect(decision).toMatchObject({
      taken: false,
      at: now,
      note: 'Phone time 24/03/2027 16:49 not used: more than 7 days old',
    });
    expect(decideOccurredAt('2027-03-25T00:10:00+05:30', now, null).taken).toBe(true);
  });

  it('refuses a time earlier than the order’s previous event, and takes one equal to it', () => {
    const previous = new Date('2027-03-31T23:55:00+05:30');
    expect(decideOccurredAt('2027-03-31T23:50:00+05:30', now, previous)).toMatchObject({
      taken: false,
      reason: 'before-previous',
      note: 'Phone time 31/03/2027 23:50 not used: earlier than the order’s previous entry (31/03/2027 23:55)',
    });
    expect(decideOccurredAt(previous, now, previous)).toEqual({ taken: true, at: previous });
  });
});

describe('occurredAtField', () => {
  it('accepts ISO times with a zone and refuses anything else', () => {
    expect(occurredAtField.safeParse('2027-03-31T18:20:00.000Z').success).toBe(true);
    expect(occurredAtField.safeParse(undefined).success).toBe(true);
    for (const bad of ['yesterday', '2027-03-31', '2027-02-30T10:00:00Z', '2027-03-31T10:00', 5]) {
      expect(occurredAtField.safeParse(bad).success).toBe(false);
    }
  });

  it('prints India’s date and time', () => {
    expect(indiaDateTimeText(new Date('2027-03-31T18:20:00Z'))).toBe('31/03/2027 23:50');
  });
});
