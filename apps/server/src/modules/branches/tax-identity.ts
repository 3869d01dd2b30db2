import { invoicePrefixFromName } from '@karya/domain/gst';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { branches } from '../../db/schema';

export const INVOICE_PREFIX_KEY = 'branches_invoice_prefix_key';

/** What an invoice prints of the branch that issues it (issue 19, decision 020). */
export interface BranchTaxIdentity {
  id: string;
  name: string;
  address: string;
  phone: string;
  /** Null: the branch issues bills of supply, never tax invoices. */
  gstin: string | null;
  /** GST state code ('29'); null until an admin sets it. */
  stateCode: string | null;
  /** Null until the branch's first invoice (ensureInvoicePrefix) or an admin sets it. */
  invoicePrefix: string | null;
}

export async function findBranchTaxIdentity(
  db: Database | Tx,
  branchId: string,
): Promise<BranchTaxIdentity | null> {
  const [row] = await db
    .select({
      id: branches.id,
      name: branches.name,
      address: branches.address,
      phone: branches.phone,
      gstin: branches.gstin,
      stateCode: branches.stateCode,
      invoicePrefix: branches.invoicePrefix,
    })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1);
  return row ?? null;
}

const PREFIX_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const RANDOM_ATTEMPTS = 50;

function randomPrefix(): string {
  let prefix = '';
  for (let i = 0; i < 4; i += 1)
    prefix += PREFIX_CHARS.charAt(Math.floor(Math.random() * PREFIX_CHARS.length));
  return prefix;
}

/**
 * The prefixes tried for a branch, best first: its name's ('PUNE'), then the first three
 * characters and a digit ('PUN2'…'PUN9') so two 'Pune …' branches still read as Pune.
 */
export function invoicePrefixCandidates(branchName: string): string[] {
  const base = invoicePrefixFromName(branchName);
  const stem = base.slice(0, 3);
  const variants = [2, 3, 4, 5, 6, 7, 8, 9].map((digit) => `${stem}${digit}`);
  return [...new Set([base, ...variants])];
}

/**
 * The branch's invoice series prefix, given on first use when no admin set one: the
 * candidates not yet taken, then random ones. The unique index decides a race with another
 * branch taking the same prefix at the same moment; each attempt runs in a savepoint so a
 * refused one leaves the caller's transaction usable. Call it inside the transaction that
 * numbers the invoice.
 */
export async function ensureInvoicePrefix(tx: Tx, branchId: string): Promise<string> {
  const branch = await findBranchTaxIdentity(tx, branchId);
  if (!branch) throw new Error(`ensureInvoicePrefix: no branch ${branchId}`);
  if (branch.invoicePrefix) return branch.invoicePrefix;

  const named = invoicePrefixCandidates(branch.name);
  const taken = new Set(
    (
      await tx
        .select({ prefix: branches.invoicePrefix })
        .from(branches)
        .where(inArray(branches.invoicePrefix, named))
    ).map((row) => row.prefix),
  );
  const candidates = [
    ...named.filter((prefix) => !taken.has(prefix)),
    ...Array.from({ length: RANDOM_ATTEMPTS }, randomPrefix),
  ];

  for (const candidate of candidates) {
    try {
      const given = await tx.transaction(async (savepoint) =>
        savepoint
          .update(branches)
          .set({ invoicePrefix: candidate })
          .where(and(eq(branches.id, branchId), isNull(branches.invoicePrefix)))
          .returning({ prefix: branches.invoicePrefix }),
      );
      if (given[0]?.prefix) return given[0].prefix;
      // Another transaction gave this branch its prefix first: that one stands.
      const now = await findBranchTaxIdentity(tx, branchId);
      if (now?.invoicePrefix) return now.invoicePrefix;
    } catch (error) {
      if (!isUniqueViolation(error, INVOICE_PREFIX_KEY)) throw error;
    }
  }
  throw new Error(`ensureInvoicePrefix: no free invoice prefix for branch ${branchId}`);
}
