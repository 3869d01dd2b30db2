import {
  type AmcInvoice,
  AMC_MESSAGES as M,
  type RecordAmcInvoicePaymentInput,
} from '@karya/domain/amc-schemas';
import { paymentStatusOf } from '@karya/domain/bill-schemas';
import {
  INVOICE_MESSAGES,
  type InvoiceRecipient,
  type InvoiceSupplier,
} from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise, toRupees } from '@karya/domain/money';
import { isUuid } from '@karya/domain/user-schemas';
import { asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { inScope, type Scope } from '../../auth/scope';
import type { Database, Tx } from '../../db/client';
import { amcContracts, amcInvoicePayments, amcInvoices } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { nextReceiptNumber, transactionIdUsed, withTransactionIdGuard } from '../billing';
import { addDailySales, collectedDelta } from '../report-rollups';

type Db = Database | Tx;
type InvoiceRow = typeof amcInvoices.$inferSelect;
type PaymentRow = typeof amcInvoicePayments.$inferSelect;

/**
 * Money received against a maintenance contract's invoices (decision 037): each payment a
 * receipt in the branch's receipt series, amc_invoices.paid_paise their sum.
 */

/** The receipts of these invoices, oldest first. */
function listPaymentRows(db: Db, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([] as PaymentRow[]);
  return db
    .select()
    .from(amcInvoicePayments)
    .where(inArray(amcInvoicePayments.invoiceId, [...invoiceIds]))
    .orderBy(asc(amcInvoicePayments.receivedAt), asc(amcInvoicePayments.receiptNumber));
}

/** The invoices as the contract's answer carries them, each with its receipts. */
export async function invoiceAnswers(db: Db, rows: readonly InvoiceRow[]): Promise<AmcInvoice[]> {
  const payments = await listPaymentRows(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toInvoice(
      row,
      payments.filter((payment) => payment.invoiceId === row.id),
    ),
  );
}

function toInvoice(invoice: InvoiceRow, payments: readonly PaymentRow[]): AmcInvoice {
  return {
    _id: invoice.id,
    instalment: invoice.instalment,
    instalments: invoice.instalments,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    invoiceKind: invoice.invoiceKind,
    placeOfSupply: invoice.placeOfSupply,
    description: invoice.description,
    hsnSac: invoice.hsnSac,
    gstRate: invoice.gstRateBp / 100,
    supplier: invoice.supplier as InvoiceSupplier,
    recipient: invoice.recipient as InvoiceRecipient,
    taxable: toRupees(invoice.taxablePaise),
    cgst: toRupees(invoice.cgstPaise),
    sgst: toRupees(invoice.sgstPaise),
    igst: toRupees(invoice.igstPaise),
    roundOff: toRupees(invoice.roundOffPaise),
    total: toRupees(invoice.totalPaise),
    paid: toRupees(invoice.paidPaise),
    due: toRupees(invoice.totalPaise - invoice.paidPaise),
    paymentStatus: paymentStatusOf(invoice.totalPaise, invoice.paidPaise),
    payments: payments.map((payment) => ({
      _id: payment.id,
      receiptNumber: payment.receiptNumber,
      amount: toRupees(payment.amountPaise),
      method: payment.method,
      transactionId: payment.transactionId,
      receivedAt: payment.receivedAt.toISOString(),
    })),
  };
}

async function findInvoice(db: Db, id: string, lock: boolean) {
  if (!isUuid(id)) return null;
  const query = db
    .select({ invoice: amcInvoices, contractNumber: amcContracts.contractNumber })
    .from(amcInvoices)
    .innerJoin(amcContracts, eq(amcContracts.id, amcInvoices.contractId))
    .where(eq(amcInvoices.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: amcInvoices }) : await query;
  return row ?? null;
}

/**
 * POST /api/record-amc-invoice-payment: part or all of what is still due on a contract
 * invoice, in cash or by UPI with its transaction id. The invoice's row lock queues
 * concurrent payments and each re-reads the due under it (the check constraint is the
 * backstop). Another branch's invoice reads as absent.
 */
export async function recordAmcInvoicePayment(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: RecordAmcInvoicePaymentInput,
): Promise<AmcInvoice> {
  const found = await findInvoice(db, input.invoiceId, false);
  if (!found || scope.kind === 'own' || !inScope(scope, found.invoice.branchId)) {
    throw notFound(M.invoiceNotFound);
  }
  const transactionId = input.paymentMethod === 'online' ? input.transactionId : null;
  await withTransactionIdGuard(() =>
    db.transaction(async (tx) => {
      const locked = await findInvoice(tx, found.invoice.id, true);
      if (!locked) throw notFound(M.invoiceNotFound);
      const { invoice, contractNumber } = locked;
      const due = invoice.totalPaise - invoice.paidPaise;
      if (due <= 0) throw conflict(M.invoiceNothingDue);
      const amount = toPaise(input.amount);
      if (amount > due) throw badRequest(INVOICE_MESSAGES.amountOverDue(formatRupees(due)));
      if (transactionId && (await transactionIdUsed(tx, transactionId))) {
        throw conflict(INVOICE_MESSAGES.transactionIdUsed);
      }
      // Received now, in real time, like a bill's receipts (decision 035 keeps the clock for days).
      const at = new Date();
      const receiptNumber = await nextReceiptNumber(tx, invoice.branchId, at);
      await tx.insert(amcInvoicePayments).values({
        invoiceId: invoice.id,
        receiptNumber,
        amountPaise: amount,
        method: input.paymentMethod,
        transactionId,
        receivedBy: actor.id,
        receivedAt: at,
      });
      // Collected today in the invoice's branch (issue 38), as a bill's receipt is.
      await addDailySales(tx, invoice.branchId, at, collectedDelta(input.paymentMethod, amount));
      const paid = invoice.paidPaise + amount;
      await tx.update(amcInvoices).set({ paidPaise: paid }).where(eq(amcInvoices.id, invoice.id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'amc.invoice-payment',
        entityType: 'amc_invoice',
        entityId: invoice.id,
        summary: `${receiptNumber} for ${invoice.invoiceNumber} (${contractNumber}): ${input.paymentMethod} ${formatRupees(amount)}, ${formatRupees(due - amount)} still due`,
        changes: {
          receiptNumber,
          contractId: invoice.contractId,
          amountPaise: amount,
          paymentMethod: input.paymentMethod,
          transactionId,
          paidPaise: paid,
          totalPaise: invoice.totalPaise,
        },
      });
    }),
  );
  const after = await findInvoice(db, found.invoice.id, false);
  if (!after) throw notFound(M.invoiceNotFound);
  const [answer] = await invoiceAnswers(db, [after.invoice]);
  if (!answer) throw notFound(M.invoiceNotFound);
  return answer;
}
