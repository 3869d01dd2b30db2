import { toRupees } from '@karya/domain/money';
import type { SalesQuery, SalesReport, SalesRow } from '@karya/domain/report-schemas';
import type { Database } from '../../db/client';
import type { ReportRange } from './reports-range';
import { listSalesRows, outstandingAt, type SalesRowData } from './sales.queries';

interface Figures {
  invoicedTaxablePaise: number;
  invoicedTaxPaise: number;
  invoicedTotalPaise: number;
  collectedCashPaise: number;
  collectedUpiPaise: number;
}

/** Figures in paise as the answer's rupees; collected total is cash plus UPI. */
function moneyOf(figures: Figures) {
  return {
    invoiced: {
      taxable: toRupees(figures.invoicedTaxablePaise),
      tax: toRupees(figures.invoicedTaxPaise),
      total: toRupees(figures.invoicedTotalPaise),
    },
    collected: {
      cash: toRupees(figures.collectedCashPaise),
      upi: toRupees(figures.collectedUpiPaise),
      total: toRupees(figures.collectedCashPaise + figures.collectedUpiPaise),
    },
  };
}

function toRow(row: SalesRowData): SalesRow {
  return {
    period: row.period,
    branch: { _id: row.branchId, name: row.branchName },
    ...moneyOf(row),
  };
}

/**
 * GET /api/reports/sales (issue 38): invoiced and collected per period and branch from the
 * daily rollup, the totals summed in paise from the same rows (so they equal the rows' sum and,
 * invoiced, the GST sales register's totals over the range), and what was owed at the range's
 * end. The two reads are independent, so they run side by side.
 */
export async function salesReport(
  db: Database,
  range: ReportRange,
  groupBy: SalesQuery['groupBy'],
): Promise<SalesReport> {
  const [rows, owedPaise] = await Promise.all([
    listSalesRows(db, range, groupBy),
    outstandingAt(db, range.to, range.branchId),
  ]);
  const totals: Figures = {
    invoicedTaxablePaise: 0,
    invoicedTaxPaise: 0,
    invoicedTotalPaise: 0,
    collectedCashPaise: 0,
    collectedUpiPaise: 0,
  };
  for (const row of rows) {
    totals.invoicedTaxablePaise += row.invoicedTaxablePaise;
    totals.invoicedTaxPaise += row.invoicedTaxPaise;
    totals.invoicedTotalPaise += row.invoicedTotalPaise;
    totals.collectedCashPaise += row.collectedCashPaise;
    totals.collectedUpiPaise += row.collectedUpiPaise;
  }
  return {
    from: range.from,
    to: range.to,
    groupBy,
    rows: rows.map(toRow),
    totals: moneyOf(totals),
    outstandingAtEnd: toRupees(owedPaise),
  };
}
