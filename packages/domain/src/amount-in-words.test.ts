import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paisa Only'],
    [99, 'Rupees Zero and Ninety-Nine Paise Only'],
    [100, 'Rupees One Only'],
    [1_100, 'Rupees Eleven Only'],
    [2_000, 'Rupees Twenty Only'],
    [10_100, 'Rupees One Hundred One Only'],
    [99_999_00, 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [1_00_001_00, 'Rupees One Lakh One Only'],
    [
      1_23_456_50,
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    ],
    [99_99_999_00, 'Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [12_00_00_000_00, 'Rupees Twelve Crore Only'],
    [12_05_00_070_00, 'Rupees Twelve Crore Five Lakh Seventy Only'],
    [
      99_99_99_999_99,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [1_00_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses negative or fractional paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
