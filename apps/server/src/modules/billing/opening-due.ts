import { paymentStatusOf } from '@karya/domain/bill-schemas';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { bills } from '../../db/schema';

/**
 * An invoice of the old system still owed on (issue 36, decision 050), kept as Karya keeps a
 * bill confirmed before invoices existed: its number is the bill number (the old system's,
 * as printed), with no invoice number of Karya's series. So Outstanding Dues lists it, Record
 * Payment takes money against it with a receipt of the branch's series, and the GST returns
 * and Tally's sales leave it out: the old system reported that sale.
 */
export async function recordOpeningDue(
  tx: Tx,
  due: {
    workOrderId: string;
    number: string;
    invoiceDate: string;
    totalPaise: number;
    receivedPaise: number;
    confirmedBy: string;
    at: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(bills)
    .values({
      workOrderId: due.workOrderId,
      billNumber: due.number,
      invoiceDate: due.invoiceDate,
      totalPaise: due.totalPaise,
      paidPaise: due.receivedPaise,
      paymentStatus: paymentStatusOf(due.totalPaise, due.receivedPaise),
      paidAt: due.at,
      confirmedBy: due.confirmedBy,
    })
    .returning({ id: bills.id });
  if (!row) throw new Error('opening due insert returned no row');
  return row.id;
}

/**
 * Bills whose number or invoice number is one of these (lower-cased, trimmed), by that key:
 * an opening due is the same as any document of Karya's of that number.
 */
export async function billsByNumbers(
  db: Database | Tx,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const list = [...numbers];
  const rows = await db
    .select({
      id: bills.id,
      billNumber: bills.billNumber,
      invoiceNumber: bills.invoiceNumber,
    })
    .from(bills)
    .where(
      sql`${inArray(sql`lower(trim(${bills.billNumber}))`, list)} or ${inArray(sql`lower(trim(${bills.invoiceNumber}))`, list)}`,
    );
  const found = new Map<string, string>();
  for (const row of rows) {
    for (const number of [row.billNumber, row.invoiceNumber]) {
      if (number) found.set(number.trim().toLowerCase(), row.id);
    }
  }
  return found;
}
