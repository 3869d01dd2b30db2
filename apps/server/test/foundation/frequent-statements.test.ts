import { describe, expect, it } from 'vitest';
import { isPreparable, StatementNames } from '../../src/db/frequent-statements';

const PAGE = 'select "id" from "work_orders" where "branch_id" = $1 limit $2';

describe('which reads are prepared by name (decision 016)', () => {
  it('names a read from its third run on, under one name for one text', () => {
    const names = new StatementNames(3, 10);
    expect(names.nameOf(PAGE)).toBeUndefined();
    expect(names.nameOf(PAGE)).toBeUndefined();
    const name = names.nameOf(PAGE);
    expect(name).toMatch(/^karya_[\w-]{24}$/);
    expect(names.nameOf(PAGE)).toBe(name);
    expect(names.nameOf(`${PAGE} offset $3`)).toBeUndefined();
  });

  it('leaves writes and pattern matches unnamed, however often they run', () => {
    const names = new StatementNames(1, 10);
    const search = 'select "id" from "work_orders" where lower("order_id") like $1';
    for (let run = 0; run < 5; run += 1) {
      expect(names.nameOf('update "work_orders" set "status" = $1')).toBeUndefined();
      expect(names.nameOf(search)).toBeUndefined();
      expect(names.nameOf('insert into "bills" ("id") values ($1)')).toBeUndefined();
    }
    expect(isPreparable(PAGE)).toBe(true);
    expect(isPreparable(`(${PAGE}) union all (${PAGE})`)).toBe(true);
    expect(isPreparable('select 1 where $1 ilike $2')).toBe(false);
  });

  it('prepares no more than its bound of texts; those named stay named', () => {
    const names = new StatementNames(1, 2);
    const first = names.nameOf(`${PAGE} -- 1`);
    const second = names.nameOf(`${PAGE} -- 2`);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(names.nameOf(`${PAGE} -- 3`)).toBeUndefined();
    expect(names.nameOf(`${PAGE} -- 1`)).toBe(first);
    expect(names.preparedCount).toBe(2);
  });
});
