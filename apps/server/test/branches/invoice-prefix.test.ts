import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '../../src/db/schema';
import { ensureInvoicePrefix, findBranchTaxIdentity } from '../../src/modules/branches';
import { invoicePrefixCandidates } from '../../src/modules/branches/tax-identity';
import { createBranch } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ensure = (branchId: string) => t.db.transaction((tx) => ensureInvoicePrefix(tx, branchId));
const prefixOf = async (branchId: string) =>
  (await findBranchTaxIdentity(t.db, branchId))?.invoicePrefix;

describe('ensureInvoicePrefix (the invoice series of a branch, given on first use)', () => {
  it("gives a branch its name's first four letters and keeps them", async () => {
    const branch = await createBranch(t.db, { name: 'Kothrud' });
    expect(await ensure(branch.id)).toBe('KOTH');
    expect(await prefixOf(branch.id)).toBe('KOTH');
    await t.db.update(branches).set({ name: 'Renamed' }).where(eq(branches.id, branch.id));
    expect(await ensure(branch.id)).toBe('KOTH');
  });

  it('keeps the prefix an admin set', async () => {
    const branch = await createBranch(t.db, { name: 'Aundh', invoicePrefix: 'A1' });
    expect(await ensure(branch.id)).toBe('A1');
  });

  it("tries the name's first three letters and a digit when the four are taken", async () => {
    const first = await createBranch(t.db, { name: 'Pune Camp' });
    const second = await createBranch(t.db, { name: 'Pune Station' });
    const third = await createBranch(t.db, { name: 'Punawale' });
    expect(await ensure(first.id)).toBe('PUNE');
    expect(await ensure(second.id)).toBe('PUN2');
    await t.db.update(branches).set({ invoicePrefix: 'PUN3' }).where(eq(branches.id, first.id));
    expect(await ensure(third.id)).toBe('PUNA');
  });

  it('falls back to a random prefix when every named one is taken', async () => {
    for (const prefix of invoicePrefixCandidates('Hadapsar'))
      await createBranch(t.db, { name: `Taken ${prefix}`, invoicePrefix: prefix });
    const branch = await createBranch(t.db, { name: 'Hadapsar' });
    const given = await ensure(branch.id);
    expect(given).toMatch(/^[A-Z0-9]{4}$/);
    expect(invoicePrefixCandidates('Hadapsar')).not.toContain(given);
  });

  // On PostgreSQL the racers all see 'BANE' free and the unique index refuses all but one:
  // the savepoint keeps each loser's transaction usable for its next candidate.
  it('gives same-named branches different prefixes when their first invoices race', async () => {
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createBranch(t.db, { name: `Baner ${i}` })),
    );
    const given = await Promise.all(racing.map((branch) => ensure(branch.id)));
    expect(new Set(given).size).toBe(racing.length);
    for (const [i, branch] of racing.entries()) expect(await prefixOf(branch.id)).toBe(given[i]);
  });
});
