import { describe, expect, it } from 'vitest';
import { withNotice, withoutNotice } from './reschedule-notices';

describe('the reschedule notices', () => {
  const first = { orderId: 'WO-1', start: '10:00' };
  const second = { orderId: 'WO-2', start: '11:00' };

  it("keeps one per order: a second order's notice does not replace the first", () => {
    expect(withNotice(withNotice([], first), second)).toEqual([first, second]);
  });

  it("replaces an order's notice when that order moves again", () => {
    const again = { orderId: 'WO-1', start: '12:00' };
    expect(withNotice([first, second], again)).toEqual([second, again]);
  });

  it('closes each on its own', () => {
    expect(withoutNotice([first, second], 'WO-1')).toEqual([second]);
    expect(withoutNotice([first, second], 'WO-3')).toEqual([first, second]);
  });
});
