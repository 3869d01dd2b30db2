import { stateName } from '@karya/domain/gst';
import {
  countsInRegister,
  type SalesRegisterAnswer,
  type SalesRegisterRow,
} from '@karya/domain/invoice-schemas';
import { toRupees } from '@karya/domain/money';
import type { Database } from '../../db/client';
import { listRegisterRows, type RegisterRowData, type ReportFilter } from './gst-reports.queries';

/**
 * GET /api/gst-sales-register: every invoice and credit note of the range; a cancelled invoice
 * without a credit note is listed but left out of the totals (decision 041). Totals are summed
 * in paise from the rows themselves, so they always equal the sum of what the register shows.
 */
export async function salesRegister(
  db: Database,
  filter: ReportFilter,
): Promise<SalesRegisterAnswer> {
  const data = await listRegisterRows(db, filter);
  const rows = data.map(toRegisterRow);
  // The rule the screen and the CSV read too: a cancelled invoice reversed by a credit note
  // counts, and its note takes it back out.
  const counted = data.filter((_, i) => {
    const row = rows[i];
    return row !== undefined && countsInRegister(row);
  });
  const sum = (pick: (row: RegisterRowData) => number) =>
    toRupees(counted.reduce((total, row) => total + pick(row), 0));
  return {
    rows,
    totals: {
      taxable: sum((row) => row.taxablePaise),
      igst: sum((row) => row.igstPaise),
      cgst: sum((row) => row.cgstPaise),
      sgst: sum((row) => row.sgstPaise),
      roundOff: sum((row) => row.roundOffPaise),
      total: sum((row) => row.totalPaise),
      count: counted.length,
    },
  };
}

function toRegisterRow(row: RegisterRowData): SalesRegisterRow {
  const state = stateName(row.placeOfSupply);
  return {
    billId: row.billId,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    kind: row.kind ?? 'bill-of-supply',
    customerName: row.customerName,
    customerGstin: row.customerGstin || null,
    placeOfSupply: row.placeOfSupply && state ? { code: row.placeOfSupply, name: state } : null,
    taxable: toRupees(row.taxablePaise),
    igst: toRupees(row.igstPaise),
    cgst: toRupees(row.cgstPaise),
    sgst: toRupees(row.sgstPaise),
    roundOff: toRupees(row.roundOffPaise),
    total: toRupees(row.totalPaise),
    cancelled: row.cancelledAt !== null,
    ...(row.reversedBy ? { reversedBy: row.reversedBy } : {}),
    ...(row.creditNoteFor ? { creditNoteFor: row.creditNoteFor } : {}),
  };
}
