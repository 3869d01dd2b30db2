import { REPORT_MESSAGES } from '@karya/domain/report-schemas';
import { describe, expect, it } from 'vitest';
import { parseLevel } from './reorder-level-dialog';

describe('parseLevel', () => {
  it('takes whole numbers from 0 to 1,000,000, spaces around allowed', () => {
    expect(parseLevel('0')).toEqual({ level: 0 });
    expect(parseLevel(' 7 ')).toEqual({ level: 7 });
    expect(parseLevel('1000000')).toEqual({ level: 1_000_000 });
  });

  it('refuses anything else with the message that says what to enter', () => {
    for (const text of ['', '-1', '2.5', '1e3', 'ten', '1000001', '12345678'])
      expect(parseLevel(text)).toEqual({ error: REPORT_MESSAGES.levelRange });
  });
});
