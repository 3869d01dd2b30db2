import { describe, expect, it } from 'vitest';
import { durationText, progressOf, rateText, withSample } from './import-progress';

describe('progressOf', () => {
  it('knows the share done at once, and the rate and time left once two readings differ', () => {
    expect(progressOf([{ done: 250, at: 0 }], 1000)).toEqual({
      percent: 25,
      rate: null,
      secondsLeft: null,
    });
    expect(
      progressOf(
        [
          { done: 250, at: 0 },
          { done: 450, at: 2000 },
        ],
        1000,
      ),
    ).toEqual({ percent: 45, rate: 100, secondsLeft: 6 });
  });

  it('measures the rate over the latest readings only, so a slowdown shows', () => {
    const samples = [
      { done: 0, at: 0 },
      { done: 900, at: 1000 },
      { done: 950, at: 2000 },
      { done: 1000, at: 3000 },
    ];
    expect(progressOf(samples, 2000, 3).rate).toBe(50);
    expect(progressOf(samples, 2000, 3).secondsLeft).toBe(20);
  });

  it('is whole at the end and never over 100%', () => {
    expect(progressOf([{ done: 1000, at: 0 }], 1000)).toEqual({
      percent: 100,
      rate: null,
      secondsLeft: 0,
    });
    expect(progressOf([{ done: 1200, at: 0 }], 1000).percent).toBe(100);
    expect(progressOf([], 0).percent).toBe(0);
  });

  it('rounds the percentage down, so 100% means every row', () => {
    expect(progressOf([{ done: 999, at: 0 }], 1000).percent).toBe(99);
  });
});

describe('withSample', () => {
  it('keeps a reading only when the count moved, and the last twenty', () => {
    let samples = withSample([], { done: 10, at: 0 });
    samples = withSample(samples, { done: 10, at: 1000 });
    expect(samples).toEqual([{ done: 10, at: 0 }]);
    for (let i = 1; i <= 30; i += 1) samples = withSample(samples, { done: 10 + i, at: i * 1000 });
    expect(samples).toHaveLength(20);
    expect(samples.at(-1)).toEqual({ done: 40, at: 30_000 });
  });
});

describe('figures in words', () => {
  it('says the time left and the rate', () => {
    expect(durationText(0.4)).toBe('under a second');
    expect(durationText(40)).toBe('40 s');
    expect(durationText(120)).toBe('2 min');
    expect(durationText(125)).toBe('2 min 5 s');
    expect(rateText(1240.4)).toBe('1,240 rows/s');
  });
});
