import { formatDate } from '@karya/domain/format';
import type { Role } from '@karya/domain/roles';
import { warrantyDays } from '@karya/domain/warranty';
import type {
  Replacement,
  ReplacementStatus,
  WarrantyStatus,
} from '@karya/domain/warranty-schemas';

/** What the status card says about a unit's warranty, and in which colour. */
export type WarrantyTone = 'valid' | 'expired' | 'none' | 'not-installed';

export interface WarrantyVerdict {
  tone: WarrantyTone;
  label: string;
  detail: string;
}

/** The fields of a check-warranty-status or installed-unit answer that decide the verdict. */
export type WarrantyFacts = Pick<
  WarrantyStatus,
  'warranty' | 'installationDate' | 'underWarranty' | 'expiryDate' | 'daysLeft'
> & { location?: string };

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Issue 13: green 'Under Warranty' with the expiry date and days left, red 'Warranty Expired'
 * with the date, or 'No Warranty' when the catalogue item has none (spec 2 §5). A unit not yet
 * at a customer has no running warranty: it starts at installation.
 */
export function warrantyVerdict(facts: WarrantyFacts): WarrantyVerdict {
  if (warrantyDays(facts.warranty) === null) {
    return { tone: 'none', label: 'No Warranty', detail: 'This product has no warranty' };
  }
  // A faulty unit taken back is no longer installed; its warranty went on with its successor.
  if (facts.location === 'faulty') {
    return {
      tone: 'not-installed',
      label: 'Replaced under warranty',
      detail: 'This faulty unit was taken back; the warranty continues on its replacement',
    };
  }
  if (!facts.installationDate) {
    return {
      tone: 'not-installed',
      label: 'Not Installed',
      detail: `${facts.warranty} warranty starts when the unit is installed at a customer`,
    };
  }
  if (facts.underWarranty) {
    return {
      tone: 'valid',
      label: 'Under Warranty',
      detail: `Valid until ${formatDate(facts.expiryDate)} · ${plural(facts.daysLeft, 'day')} left`,
    };
  }
  return {
    tone: 'expired',
    label: 'Warranty Expired',
    detail: `Expired on ${formatDate(facts.expiryDate)}`,
  };
}

/** Where a unit is, as the ledger names the place (warranty-schemas `location`). */
const LOCATION_LABELS: Record<string, string> = {
  supplier: 'With supplier',
  branch: 'Branch stock',
  technician: 'Technician stock',
  'pending-return': 'Pending return',
  customer: 'At customer',
  faulty: 'Faulty (warranty return)',
};

export function locationLabel(location: string): string {
  return LOCATION_LABELS[location] ?? location;
}

/** Spec 2 §4: pending, approved, replaced; any other status is shown red. */
export const REPLACEMENT_STATUS_LABELS: Record<ReplacementStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  replaced: 'Replaced',
};

export function replacementStatusLabel(status: string): string {
  return REPLACEMENT_STATUS_LABELS[status as ReplacementStatus] ?? status;
}

/** The units of a record, oldest first; before its first swap, the original alone. */
export function chainOf(record: Pick<Replacement, 'chain' | 'serialNumber'>): string[] {
  return record.chain.length > 0 ? record.chain : [record.serialNumber];
}

/** 'A → B → C'. */
export function chainText(record: Pick<Replacement, 'chain' | 'serialNumber'>): string {
  return chainOf(record).join(' → ');
}

/**
 * What the status card offers for the unit found (issue 13). Only a manager acts, and only on
 * a unit at a customer and still under warranty: a first issue registers a record; a unit
 * whose last issue was replaced takes a new issue on the same record (warranty-claim); an open
 * claim is looked at, not registered twice.
 */
export type IssueAction =
  | { kind: 'register' }
  | { kind: 'claim'; replacementId: string }
  | { kind: 'open-claim'; replacementId: string }
  | null;

export function issueActionFor(status: WarrantyStatus, role: Role): IssueAction {
  const open = status.replacementStatus === 'pending' || status.replacementStatus === 'approved';
  if (open && status.replacementId)
    return { kind: 'open-claim', replacementId: status.replacementId };
  if (role !== 'manager' || status.location !== 'customer' || !status.underWarranty) return null;
  if (status.replacementStatus === 'replaced' && status.replacementId) {
    return { kind: 'claim', replacementId: status.replacementId };
  }
  return status.replacementStatus === null ? { kind: 'register' } : null;
}

/** The detail modal's buttons for a record (spec 2 §4; approval is the optional step). */
export interface RecordActions {
  approve: boolean;
  complete: boolean;
  newIssue: boolean;
}

export function recordActionsFor(
  record: Pick<Replacement, 'status'>,
  role: Role,
  /** Whether the unit now at the customer is still under warranty; null while unknown. */
  currentUnderWarranty: boolean | null,
): RecordActions {
  const manager = role === 'manager';
  return {
    approve: manager && record.status === 'pending',
    complete: manager && (record.status === 'pending' || record.status === 'approved'),
    newIssue: manager && record.status === 'replaced' && currentUnderWarranty === true,
  };
}
