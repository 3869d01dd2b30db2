import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_ATTEMPTS } from '../../src/db/client';
import { branches } from '../../src/db/schema';
import { createBranch } from '../helpers/factories';
import { openTestDatabase } from '../helpers/test-database';

/**
 * Issue 16 point 1: a transaction PostgreSQL rolls back for a deadlock or a serialization
 * failure runs again, so a race never reaches a user as a 500.
 */

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;
let handle: Handle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const conflict = (code: string) => Object.assign(new Error('conflict'), { code });

describe('transactions that meet a conflict', () => {
  it('run again after a deadlock or a serialization failure, wrapped or not by the driver', async () => {
    const { db } = handle;
    let runs = 0;
    const answer = await db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(sql`select 1`);
      if (runs === 1) throw conflict('40P01');
      if (runs === 2) throw new Error('wrapped', { cause: conflict('40001') });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(runs).toBe(3);
  });

  it(`give up after ${TRANSACTION_ATTEMPTS} attempts, and never retry other errors`, async () => {
    const { db } = handle;
    let runs = 0;
    await expect(
      db.transaction(async () => {
        runs += 1;
        throw conflict('40P01');
      }),
    ).rejects.toThrow('conflict');
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    runs = 0;
    await expect(
      db.transaction(async () => {
        runs += 1;
        throw conflict('23505');
      }),
    ).rejects.toThrow('conflict');
    expect(runs).toBe(1);
  });

  it('two transactions locking two rows in opposite orders both end done', async () => {
    const a = await createBranch(handle.db, { name: 'Deadlock A' });
    const b = await createBranch(handle.db, { name: 'Deadlock B' });
    let bothHoldOne: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      let count = 0;
      bothHoldOne = () => {
        count += 1;
        if (count === 2) resolve();
      };
    });
    // On PostgreSQL each waits until both hold one row: a real deadlock, 40P01 for one.
    // PGlite runs one transaction at a time, so there they simply follow each other.
    const firstRun = { a: handle.driver === 'postgres', b: handle.driver === 'postgres' };
    const lockInOrder = (first: string, second: string, key: 'a' | 'b') =>
      handle.db.transaction(async (tx) => {
        await tx.update(branches).set({ phone: key }).where(eq(branches.id, first));
        if (firstRun[key]) {
          firstRun[key] = false;
          bothHoldOne();
          await held;
        }
        await tx.update(branches).set({ phone: key }).where(eq(branches.id, second));
      });
    // Opposite orders: PostgreSQL aborts one with 40P01; the helper runs it again.
    await Promise.all([lockInOrder(a.id, b.id, 'a'), lockInOrder(b.id, a.id, 'b')]);
    const rows = await handle.db.select({ phone: branches.phone }).from(branches);
    expect(rows.filter((r) => r.phone === 'a' || r.phone === 'b')).toHaveLength(2);
  });
});
