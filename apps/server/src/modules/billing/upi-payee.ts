import type { UpiPayee } from '@karya/domain/bill-schemas';
import { indiaDate, invoicePrefixFromName } from '@karya/domain/gst';

/** The server-wide payee (UPI_VPA, UPI_NAME) a branch without its own falls back to. */
export interface PayeeDefaults {
  upiVpa?: string | undefined;
  upiName?: string | undefined;
}

/**
 * Whom a branch's bills are paid to: the branch's own VPA, else the server's; the name is the
 * branch's UPI name, else (with the server's VPA) UPI_NAME, else the branch's name.
 */
export function effectivePayee(
  branch: { name: string; upiVpa: string | null; upiName: string | null } | null,
  defaults: PayeeDefaults,
): UpiPayee | null {
  const ownVpa = branch?.upiVpa?.trim();
  const vpa = ownVpa || defaults.upiVpa;
  if (!vpa) return null;
  const ownName = branch?.upiName?.trim();
  const name = ownName || (ownVpa ? '' : defaults.upiName) || branch?.name || 'Karya';
  return { vpa, name };
}

/**
 * The readable parts of a bill number: the branch's code (the same up to four letters or digits
 * of its name an invoice series starts from) and the day in India. Branches whose names share
 * a code share its counter, so numbers stay unique without a code table.
 */
export function billNumberOf(branchName: string, at: Date): { code: string; day: string } {
  return { code: invoicePrefixFromName(branchName), day: indiaDate(at).replace(/-/g, '') };
}
