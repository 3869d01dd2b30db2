import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { UpiQr } from '../../shared/upi-qr';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';

/** The due's QR on paper: large enough for a phone camera at arm's length. */
const PRINTED_QR_SIZE = 132;

const LABEL = 'text-[11px] font-medium tracking-wide text-slate-500 uppercase';
const NOT_SET = 'text-[11px] font-medium text-amber-700';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="shrink-0 text-slate-500">{label}:</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

function TaxCell({
  head,
  missingRate,
  rateNotSet,
}: {
  head: { rate: string; amount: string } | null;
  missingRate: boolean;
  rateNotSet: string;
}) {
  if (!head) return null;
  return (
    <td className="px-1.5 py-2 text-right whitespace-nowrap">
      {missingRate ? (
        <span className={cx('block', NOT_SET)}>{rateNotSet}</span>
      ) : (
        <span className="block text-[11px] text-slate-500">{head.rate}</span>
      )}
      {head.amount}
    </td>
  );
}

function LineRow({ line, doc }: { line: InvoiceLine; doc: InvoiceDocument }) {
  const missingRate = doc.taxInvoice && line.gstRate === null;
  return (
    <tr className="break-inside-avoid align-top">
      <td className="py-2 pr-1.5">{line.number}</td>
      <td className="py-2 pr-1.5">
        <span className="block font-medium break-words">{line.description}</span>
        {line.serialNumber ? (
          <span className="block text-[11px] break-all text-slate-600">
            S/N {line.serialNumber}
          </span>
        ) : null}
        {line.warranty ? (
          <span className="block text-[11px] text-slate-600">{line.warranty}</span>
        ) : null}
      </td>
      <td className="px-1.5 py-2 whitespace-nowrap">
        {line.hsnSac ?? <span className={NOT_SET}>{doc.messages.hsnNotSet}</span>}
      </td>
      <td className="px-1.5 py-2 text-right whitespace-nowrap">
        {line.quantity} {line.unit}
      </td>
      <td className="px-1.5 py-2 text-right whitespace-nowrap">
        {line.rate}
        {line.rateIncludesTax ? (
          <span className="block text-[11px] text-slate-500">incl. GST</span>
        ) : null}
      </td>
      {doc.taxInvoice ? (
        <>
          <td className="px-1.5 py-2 text-right whitespace-nowrap">{line.taxable}</td>
          {doc.intraState ? (
            <>
              <TaxCell
                head={line.cgst}
                missingRate={missingRate}
                rateNotSet={doc.messages.rateNotSet}
              />
              <TaxCell
                head={line.sgst}
                missingRate={missingRate}
                rateNotSet={doc.messages.rateNotSet}
              />
            </>
          ) : (
            <TaxCell
              head={line.igst}
              missingRate={missingRate}
              rateNotSet={doc.messages.rateNotSet}
            />
          )}
        </>
      ) : null}
      <td className="py-2 pl-1.5 text-right font-medium whitespace-nowrap">{line.amount}</td>
    </tr>
  );
}

function LinesTable({ doc }: { doc: InvoiceDocument }) {
  const th = 'px-1.5 py-2 text-right font-semibold';
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table
        aria-label="Invoice lines"
        className="w-full min-w-[40rem] text-xs print:min-w-0 sm:text-sm print:text-[11px]"
      >
        <thead>
          <tr className="border-y border-slate-300 bg-slate-50 text-left text-[11px] text-slate-600 uppercase">
            <th scope="col" className="py-2 pr-1.5 font-semibold">
              #
            </th>
            <th scope="col" className="py-2 pr-1.5 font-semibold">
              Description
            </th>
            <th scope="col" className="px-1.5 py-2 font-semibold">
              HSN/SAC
            </th>
            <th scope="col" className={th}>
              Qty
            </th>
            <th scope="col" className={th}>
              Rate
            </th>
            {doc.taxInvoice ? (
              <>
                <th scope="col" className={th}>
                  Taxable value
                </th>
                {doc.intraState ? (
                  <>
                    <th scope="col" className={th}>
                      CGST
                    </th>
                    <th scope="col" className={th}>
                      SGST
                    </th>
                  </>
                ) : (
                  <th scope="col" className={th}>
                    IGST
                  </th>
                )}
              </>
            ) : null}
            <th scope="col" className="py-2 pl-1.5 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {doc.lines.map((line) => (
            <LineRow key={line.key} line={line} doc={doc} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ doc }: { doc: InvoiceDocument }) {
  const rows: Array<[string, string, string]> = [];
  if (doc.taxInvoice) rows.push(['Taxable value', doc.totals.taxable, 'taxable']);
  if (doc.totals.cgst) rows.push(['CGST', doc.totals.cgst, 'cgst']);
  if (doc.totals.sgst) rows.push(['SGST', doc.totals.sgst, 'sgst']);
  if (doc.totals.igst) rows.push(['IGST', doc.totals.igst, 'igst']);
  if (doc.totals.roundOff) rows.push(['Round off', doc.totals.roundOff, 'round-off']);
  return (
    <dl className="w-full space-y-1 text-sm sm:max-w-xs">
      {rows.map(([label, value, id]) => (
        <div key={id} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd data-testid={`invoice-${id}`}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-semibold">
        <dt>Total</dt>
        <dd data-testid="bill-total">{doc.totals.total}</dd>
      </div>
    </dl>
  );
}

function Receipts({ doc }: { doc: InvoiceDocument }) {
  return (
    <section aria-labelledby="invoice-receipts" className="space-y-2 break-inside-avoid">
      <h2 id="invoice-receipts" className={LABEL}>
        {doc.payments?.title ?? 'Receipts'}
      </h2>
      {doc.receipts.length === 0 ? (
        <p className="text-sm text-slate-600">No payment received yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-xs sm:text-sm print:text-[11px]">
            <thead>
              <tr className="border-b border-slate-300 text-left text-[11px] text-slate-600 uppercase">
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  Receipt No.
                </th>
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  Method
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {doc.receipts.map((receipt) => (
                <tr key={receipt.key} className="align-top">
                  <td className="py-1.5 pr-2 whitespace-nowrap">{receipt.receiptNumber}</td>
                  <td className="py-1.5 pr-2 whitespace-nowrap">{receipt.date}</td>
                  <td className="py-1.5 pr-2">
                    {receipt.method}
                    {receipt.transactionId ? (
                      <span className="block text-[11px] break-all text-slate-500">
                        Txn {receipt.transactionId}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1.5 text-right whitespace-nowrap">{receipt.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="space-y-1 text-sm sm:max-w-xs">
        <div className="flex justify-between gap-4">
          <dt>{doc.payments?.paidLabel ?? 'Paid'}</dt>
          <dd data-testid="bill-paid">{doc.paid}</dd>
        </div>
        {doc.payments?.showDue === false ? null : (
          <div
            className={cx(
              'flex justify-between gap-4',
              doc.hasDue && 'font-semibold text-amber-800 print:text-black',
            )}
          >
            <dt>Amount due</dt>
            <dd data-testid="bill-due">{doc.due}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * A confirmed bill as the invoice it became: a Tax Invoice or a Bill of Supply with what
 * Rule 46 of the CGST Rules asks for, its receipts, and the UPI QR for what is still due.
 * Laid out for A4 when printed (the page's print style).
 */
export function InvoiceView({ doc }: { doc: InvoiceDocument }) {
  const { supplier, recipient } = doc;
  return (
    <article
      id="customer-bill"
      aria-label={`${doc.title} No. ${doc.number}`}
      className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:p-8"
    >
      {doc.cancelled ? (
        <div
          role="status"
          className="rounded-lg border-2 border-red-600 bg-red-50 px-4 py-3 text-center text-red-700 print:bg-white"
        >
          <p className="text-2xl font-extrabold tracking-[0.3em]">CANCELLED</p>
          <p className="text-sm">
            Cancelled on {doc.cancelled.date}. Reason: {doc.cancelled.reason}
          </p>
        </div>
      ) : null}

      <header className="flex flex-col gap-4 border-b border-slate-300 pb-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 gap-3">
          {supplier.logo ? (
            <img
              src={supplier.logo}
              alt={`${supplier.displayName} logo`}
              className="size-16 shrink-0 object-contain"
            />
          ) : null}
          <div className="min-w-0 space-y-0.5">
            <p className="text-xl font-bold text-slate-900">{supplier.displayName}</p>
            {supplier.legalNameLine ? (
              <p className="text-slate-600">{supplier.legalNameLine}</p>
            ) : null}
            {supplier.branchLine ? <p className="text-slate-600">{supplier.branchLine}</p> : null}
            {supplier.address ? (
              <p className="whitespace-pre-line text-slate-600">{supplier.address}</p>
            ) : null}
            <p className="text-slate-600">
              {[
                supplier.phone ? `Phone: ${supplier.phone}` : '',
                supplier.email ? `Email: ${supplier.email}` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <dl className="space-y-0.5">
              {supplier.gstin ? <Field label="GSTIN">{supplier.gstin}</Field> : null}
              {supplier.state ? <Field label="State">{supplier.state}</Field> : null}
            </dl>
          </div>
        </div>
        <div className="order-first space-y-1 sm:order-last sm:text-right">
          <h1 className="text-2xl font-bold tracking-wide text-blue-800 uppercase print:text-black">
            {doc.title}
          </h1>
          <dl className="space-y-0.5 sm:[&>div]:justify-end">
            <Field label={doc.numberLabel ?? 'Invoice No.'}>{doc.number}</Field>
            <Field label={doc.dateLabel ?? 'Invoice Date'}>{doc.date}</Field>
            <Field label="Order ID">{doc.orderId}</Field>
          </dl>
          {doc.referenceLine && doc.payments !== undefined ? (
            <p className="font-medium">{doc.referenceLine}</p>
          ) : null}
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="invoice-bill-to" className="space-y-0.5">
          <h2 id="invoice-bill-to" className={LABEL}>
            Bill to
          </h2>
          <p className="font-semibold">{recipient.name}</p>
          {recipient.address ? (
            <p className="whitespace-pre-line text-slate-700">{recipient.address}</p>
          ) : null}
          {recipient.phone ? <p className="text-slate-700">Phone: {recipient.phone}</p> : null}
          <dl className="space-y-0.5">
            {recipient.state ? <Field label="State">{recipient.state}</Field> : null}
            {recipient.gstin ? <Field label="GSTIN">{recipient.gstin}</Field> : null}
          </dl>
        </section>
        <dl className="space-y-0.5 sm:justify-self-end">
          <Field label="Place of supply">{doc.placeOfSupply || '—'}</Field>
          <Field label="Reverse charge">{doc.reverseCharge}</Field>
        </dl>
      </div>

      <LinesTable doc={doc} />

      <div className="flex flex-col gap-4 sm:flex-row-reverse sm:justify-between">
        <Totals doc={doc} />
        <p className="max-w-sm text-slate-700">
          <span className={cx('block', LABEL)}>Total in words</span>
          <span data-testid="invoice-total-in-words">{doc.totals.inWords}</span>
        </p>
      </div>

      <div className="flex flex-col gap-6 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
        {doc.payments === null ? null : <Receipts doc={doc} />}
        {doc.dueUpiLink ? (
          <figure className="flex flex-col items-center gap-1 break-inside-avoid">
            <UpiQr
              value={doc.dueUpiLink}
              size={PRINTED_QR_SIZE}
              label={`UPI QR code for ${doc.due}`}
            />
            <figcaption className="text-center text-xs text-slate-600">
              Scan with any UPI app to pay {doc.due}
              {doc.upiPayee ? <span className="block break-all">{doc.upiPayee}</span> : null}
            </figcaption>
          </figure>
        ) : null}
      </div>

      <footer className="flex justify-end pt-6 break-inside-avoid">
        <div className="w-56 text-center">
          <p className="font-medium">{doc.signatureFor}</p>
          <div className="mt-12 border-t border-slate-400 pt-1 text-xs text-slate-600">
            Authorised Signatory
          </div>
        </div>
      </footer>
    </article>
  );
}
