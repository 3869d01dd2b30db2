import { describe, expect, it } from 'vitest';
import { isOptOut } from './whatsapp-conversations';

describe('isOptOut', () => {
  it('takes STOP and band karo, trimmed and in any case', () => {
    for (const text of [
      'STOP',
      'stop',
      ' Stop ',
      'stop.',
      'Band Karo',
      'band  karo!',
      '\nBAND KARO\n',
    ])
      expect(isOptOut(text), text).toBe(true);
  });
  it('leaves everything else a message', () => {
    for (const text of [
      '',
      'stop karo mat',
      'please stop the camera alarm',
      'band ho gaya',
      'stopp',
    ])
      expect(isOptOut(text), text).toBe(false);
  });
});
