import { basisPointsToPercent, uqcOf } from '@karya/domain/gst';
import type { HsnSummaryAnswer, HsnSummaryRow } from '@karya/domain/invoice-schemas';
import { toRupees } from '@karya/domain/money';
import type { Database } from '../../db/client';
import { type HsnGroupData, listHsnGroups, type ReportFilter } from './gst-reports.queries';

interface HsnSums {
  hsnSac: string | null;
  gstRateBp: number | null;
  uqc: string;
  names: Set<string>;
  quantity: number;
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  creditNote: boolean;
}

/**
 * GET /api/gst-hsn-summary: the lines of the invoices the register counts in the range (the
 * credit notes' lines in negative rows of their own, decision 041), one row per
 * HSN/SAC, rate and unit quantity code as GSTR-1's HSN table asks, described by the names of
 * the items sold under it. Lines billed before their item had an HSN/SAC come under null.
 */
export async function hsnSummary(db: Database, filter: ReportFilter): Promise<HsnSummaryAnswer> {
  const merged = new Map<string, HsnSums>();
  for (const group of await listHsnGroups(db, filter)) add(merged, group);
  const sums = [...merged.values()].sort(byHsnThenRate);
  const rows = sums.map(toHsnRow);
  const total = (pick: (row: HsnSums) => number) =>
    toRupees(sums.reduce((sum, row) => sum + pick(row), 0));
  return {
    rows,
    totals: {
      taxable: total((row) => row.taxablePaise),
      igst: total((row) => row.igstPaise),
      cgst: total((row) => row.cgstPaise),
      sgst: total((row) => row.sgstPaise),
      total: total(valuePaise),
    },
  };
}

/** Groups of one code and rate whose units read as the same UQC ('Piece', 'pcs') are one row. */
function add(merged: Map<string, HsnSums>, group: HsnGroupData): void {
  const uqc = uqcOf(group.unit, group.type);
  const creditNote = Boolean(group.creditNote);
  const key = JSON.stringify([group.hsnSac, group.gstRateBp, uqc, creditNote]);
  const row = merged.get(key) ?? {
    hsnSac: group.hsnSac,
    gstRateBp: group.gstRateBp,
    uqc,
    names: new Set<string>(),
    quantity: 0,
    taxablePaise: 0,
    igstPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    creditNote,
  };
  for (const name of group.names) row.names.add(name);
  row.quantity += Number(group.quantity);
  row.taxablePaise += Number(group.taxablePaise);
  row.igstPaise += Number(group.igstPaise);
  row.cgstPaise += Number(group.cgstPaise);
  row.sgstPaise += Number(group.sgstPaise);
  merged.set(key, row);
}

/** GSTR-1's 'Total Value': the taxable value and its tax. */
const valuePaise = (row: HsnSums) =>
  row.taxablePaise + row.igstPaise + row.cgstPaise + row.sgstPaise;

/** Codes in order, the not-set ones last; within a code, rates low to high; credit notes after. */
function byHsnThenRate(a: HsnSums, b: HsnSums): number {
  if (a.creditNote !== b.creditNote) return a.creditNote ? 1 : -1;
  if (a.hsnSac !== b.hsnSac) {
    if (a.hsnSac === null) return 1;
    if (b.hsnSac === null) return -1;
    return a.hsnSac < b.hsnSac ? -1 : 1;
  }
  return (a.gstRateBp ?? -1) - (b.gstRateBp ?? -1) || (a.uqc < b.uqc ? -1 : a.uqc > b.uqc ? 1 : 0);
}

function toHsnRow(row: HsnSums): HsnSummaryRow {
  return {
    hsnSac: row.hsnSac,
    description: [...row.names].sort((a, b) => a.localeCompare(b)).join(', '),
    uqc: row.uqc,
    quantity: row.quantity,
    gstRate: row.gstRateBp === null ? null : basisPointsToPercent(row.gstRateBp),
    taxable: toRupees(row.taxablePaise),
    igst: toRupees(row.igstPaise),
    cgst: toRupees(row.cgstPaise),
    sgst: toRupees(row.sgstPaise),
    total: toRupees(valuePaise(row)),
    ...(row.creditNote ? { creditNote: true as const } : {}),
  };
}
