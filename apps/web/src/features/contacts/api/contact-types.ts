import type { ContactRow, Customer, Lead, Remark } from '@karya/domain/contact';

export type { Customer, Lead, Remark };

/** Spec 1 §3: a list row, a lead or a customer with its derived contactType. */
export type Contact = ContactRow;
export type ContactType = ContactRow['contactType'];
export type CustomerProject = Customer['projects'][number];

type BranchField = { _id: string; name: string } | string | null | undefined;

export function branchName(branch: BranchField): string {
  if (!branch) return 'N/A';
  return typeof branch === 'string' ? branch : branch.name;
}

export function branchId(branch: BranchField): string {
  if (!branch) return '';
  return typeof branch === 'string' ? branch : branch._id;
}

export function authorName(author: Remark['createdBy']): string {
  if (!author) return 'Unknown';
  return `${author.firstName} ${author.lastName}`.trim() || 'Unknown';
}
