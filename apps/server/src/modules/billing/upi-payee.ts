import type { UpiPayee } from '@karya/domain/bill-schemas';

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

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The readable parts of a bill number: up to four letters or digits of the branch name and
 * the day in India (no daylight saving, so a fixed offset). Branches whose names share a code
 * share its counter, so numbers stay unique without a code table.
 */
export function billNumberOf(branchName: string, at: Date): { code: string; day: string } {
  const code =
    branchName
      .normalize('NFKD')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 4) || 'BR';
  const day = new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  return { code, day };
}
