import { indiaDate } from '@karya/domain/financial-year';
import type { PaymentMethod } from '@karya/domain/payment-methods';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reportDailySales } from '../../db/reports-schema';

/**
 * What one write adds to a branch's India day in report_daily_sales (issue 38), in paise; a
 * figure left out adds nothing. Negative deltas take back (a credit note, a refund).
 */
export interface SalesDelta {
  /** What the GST sales register counts: taxable value, tax (IGST+CGST+SGST), total. */
  invoicedTaxablePaise?: number;
  invoicedTaxPaise?: number;
  invoicedTotalPaise?: number;
  /** What was received (refunds given back out) by method. */
  collectedCashPaise?: number;
  collectedUpiPaise?: number;
}

/** The India day an instant falls on, or a date column's day as it is. */
export function salesDayOf(when: Date | string): string {
  return typeof when === 'string' ? when.slice(0, 10) : indiaDate(when);
}

/**
 * Adds a write's figures to its branch and India day, in the caller's transaction, so the
 * rollup commits or rolls back with the bill or payment it counts. One upsert that adds to
 * what is there: concurrent writers of the same day wait on the row, none overwrites another.
 */
export async function addDailySales(
  db: Database,
  branchId: string,
  day: Date | string,
  delta: SalesDelta,
): Promise<void> {
  const values = {
    invoicedTaxablePaise: delta.invoicedTaxablePaise ?? 0,
    invoicedTaxPaise: delta.invoicedTaxPaise ?? 0,
    invoicedTotalPaise: delta.invoicedTotalPaise ?? 0,
    collectedCashPaise: delta.collectedCashPaise ?? 0,
    collectedUpiPaise: delta.collectedUpiPaise ?? 0,
  };
  if (Object.values(values).every((value) => value === 0)) return;
  const add = (column: keyof typeof values) =>
    sql.raw(`report_daily_sales.${snake(column)} + excluded.${snake(column)}`);
  await db
    .insert(reportDailySales)
    .values({ branchId, day: salesDayOf(day), ...values })
    .onConflictDoUpdate({
      target: [reportDailySales.branchId, reportDailySales.day],
      set: {
        invoicedTaxablePaise: add('invoicedTaxablePaise'),
        invoicedTaxPaise: add('invoicedTaxPaise'),
        invoicedTotalPaise: add('invoicedTotalPaise'),
        collectedCashPaise: add('collectedCashPaise'),
        collectedUpiPaise: add('collectedUpiPaise'),
      },
    });
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A payment's (positive) or refund's (negative) delta by method: the payment methods are
 * 'cash' and 'online', and online is UPI (a UPI transaction id is required), so the two
 * columns split every rupee received.
 */
export function collectedDelta(method: PaymentMethod, amountPaise: number): SalesDelta {
  return method === 'cash'
    ? { collectedCashPaise: amountPaise }
    : { collectedUpiPaise: amountPaise };
}

/** An invoice's (or credit note's) figures as the register counts them, in paise. */
export interface InvoiceFigures {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

/**
 * What an invoice adds to the day's invoiced (sign 1) or takes back (sign -1: its credit note,
 * or its cancellation without one): the register's taxable, tax (IGST + CGST + SGST) and total
 * (the rounded total, round-off included), so the report's totals equal the register's.
 */
export function invoicedDelta(figures: InvoiceFigures, sign: 1 | -1 = 1): SalesDelta {
  return {
    invoicedTaxablePaise: sign * figures.taxablePaise,
    invoicedTaxPaise: sign * (figures.igstPaise + figures.cgstPaise + figures.sgstPaise),
    invoicedTotalPaise: sign * figures.totalPaise,
  };
}
