import { describe, expect, it } from 'vitest';
import { listPageOf, pagingParams } from './use-paged-list';

describe('listPageOf', () => {
  it('takes the total from X-Total-Count', () => {
    const page = listPageOf(['a', 'b'], new Headers({ 'X-Total-Count': '1234' }));
    expect(page).toEqual({ items: ['a', 'b'], total: 1234, capped: false });
  });

  it('says when the total is a floor (X-Total-Count-Capped)', () => {
    const headers = new Headers({ 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' });
    expect(listPageOf([], headers)).toEqual({ items: [], total: 10000, capped: true });
  });

  it('counts the page itself when no total came', () => {
    expect(listPageOf(['a', 'b', 'c'], new Headers()).total).toBe(3);
    expect(listPageOf(['a'], new Headers({ 'X-Total-Count': 'many' })).total).toBe(1);
    expect(listPageOf(['a'], null).total).toBe(1);
  });
});

describe('pagingParams', () => {
  it('puts the page in the URL as the endpoint takes it', () => {
    expect(pagingParams({ page: 3, pageSize: 25 })).toEqual({ page: 3, pageSize: 25 });
    expect(pagingParams({ page: 3, pageSize: 25, as: 'offset' })).toEqual({
      limit: 25,
      offset: 50,
    });
  });
});
