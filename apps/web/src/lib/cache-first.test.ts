import { describe, expect, it } from 'vitest';
import { CACHE_FIRST, markFirstAnswer } from './cache-first';

const query = (queryHash: string, dataUpdatedAt: number) => ({
  queryHash,
  state: { dataUpdatedAt },
});

describe('CACHE_FIRST', () => {
  it('refetches a cached copy as its screen mounts, whatever its age', () => {
    expect(CACHE_FIRST.refetchOnMount(query('["restored"]', Date.now()))).toBe('always');
  });

  it('spares the answer fetched for the first render until it is stale or replaced', () => {
    const first = query('["first"]', 1_000);
    markFirstAnswer(first);
    expect(CACHE_FIRST.refetchOnMount(first)).toBe(true);
    // A later answer (a refetch, an invalidation) is the cache's again: refreshed on mount.
    expect(CACHE_FIRST.refetchOnMount(query('["first"]', 2_000))).toBe('always');
  });
});
