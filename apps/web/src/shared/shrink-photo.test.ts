import { describe, expect, it } from 'vitest';
import { shrunkSize } from './shrink-photo';

describe('shrunkSize', () => {
  it('brings the longest side down to 1600 px, keeping the shape', () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(shrunkSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
