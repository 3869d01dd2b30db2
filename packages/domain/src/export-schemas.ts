import { z } from 'zod';
import { idOf, USER_MESSAGES } from './user-schemas';

/**
 * What GET /api/export reads (issue 36): each list screen's data. The kinds the import takes
 * carry the import template's headers, so a file exported can be imported again.
 */
export const EXPORT_KINDS = [
  'customers',
  'leads',
  'items',
  'stock',
  'technicians',
  'work-orders',
  'bills',
  'payments',
  'amc-contracts',
  'dues',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The sheet (and the zip's file) each kind is written as. */
export const EXPORT_KIND_TITLES: Readonly<Record<ExportKind, string>> = {
  customers: 'Customers',
  leads: 'Leads',
  items: 'Items',
  stock: 'Stock',
  technicians: 'Technicians',
  'work-orders': 'Work Orders',
  bills: 'Bills',
  payments: 'Payments',
  'amc-contracts': 'AMC Contracts',
  dues: 'Outstanding Dues',
};

export const EXPORT_MESSAGES = {
  kind: `Choose what to export: ${EXPORT_KINDS.join(', ')} or all`,
  format: 'Choose the file format: xlsx or csv for one kind, xlsx or zip for all',
  tallyRange: 'Choose a range of dates: from and to as YYYY-MM-DD, from not after to',
  tallyRangeTooLong: 'Choose at most 366 days',
} as const;

/**
 * ?kind=&format=&branchId=. One kind comes as xlsx or csv; 'all' as one workbook (a sheet a
 * kind) or a zip of CSVs. branchId narrows an admin's export; a manager's is their branch.
 */
export const exportQuerySchema = z
  .object({
    kind: z.enum([...EXPORT_KINDS, 'all'], { error: EXPORT_MESSAGES.kind }),
    format: z.enum(['xlsx', 'csv', 'zip'], { error: EXPORT_MESSAGES.format }),
    branchId: z
      .union([z.literal(''), z.literal('all'), idOf(USER_MESSAGES.branchNotFound)])
      .optional(),
  })
  .refine((query) => (query.kind === 'all' ? query.format !== 'csv' : query.format !== 'zip'), {
    message: EXPORT_MESSAGES.format,
    path: ['format'],
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

const isoDay = z
  .string({ error: EXPORT_MESSAGES.tallyRange })
  .regex(/^\d{4}-\d{2}-\d{2}$/, EXPORT_MESSAGES.tallyRange);

/** ?from=&to= of the Tally file: India days, both included. */
export const tallyQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    branchId: z
      .union([z.literal(''), z.literal('all'), idOf(USER_MESSAGES.branchNotFound)])
      .optional(),
  })
  .refine((range) => range.from <= range.to, {
    message: EXPORT_MESSAGES.tallyRange,
    path: ['to'],
  });
export type TallyQuery = z.infer<typeof tallyQuerySchema>;

/** 'karya-work-orders-2026-11-29.xlsx': what the file is, and the India day it was taken. */
export function exportFileName(kind: ExportKind | 'all', day: string, extension: string): string {
  const what = kind === 'all' ? 'all-data' : kind;
  return `karya-${what}-${day}.${extension}`;
}
