import { formatPhone } from '@karya/domain/phone-rules';
import type { BillDocument } from './bill-document';

function Totals({ doc }: { doc: BillDocument }) {
  const rows: Array<[string, string, string?]> = [
    ['Total', doc.total, 'text-base font-semibold'],
    ['Paid', doc.paid],
    ['Due', doc.due, doc.paymentStatus === 'Paid' ? '' : 'font-medium text-amber-700'],
  ];
  return (
    <dl className="ml-auto w-full max-w-xs space-y-1 text-sm">
      {rows.map(([label, value, tone]) => (
        <div key={label} className={`flex justify-between gap-4 ${tone ?? ''}`}>
          <dt>{label}</dt>
          <dd data-testid={`bill-${label.toLowerCase()}`}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1">
        <dt>Payment</dt>
        <dd className="text-right">
          {doc.paymentMethod} · {doc.paymentStatus}
        </dd>
      </div>
      {doc.transactionId ? (
        <div className="flex justify-between gap-4">
          <dt>Transaction ID</dt>
          <dd className="break-all text-right">{doc.transactionId}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * A bill confirmed before invoices existed (issue 19) keeps the layout it was issued with:
 * the shop, the bill number, the lines, total, paid and due.
 */
export function LegacyBillView({ doc }: { doc: BillDocument }) {
  return (
    <article
      id="customer-bill"
      aria-label={`Bill No. ${doc.billNumber}`}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <h1 className="text-2xl font-bold text-blue-700">{doc.branchName}</h1>
          {doc.branchAddress ? <p className="text-sm text-slate-600">{doc.branchAddress}</p> : null}
          {doc.branchPhone ? (
            <p className="text-sm text-slate-600">Phone: {formatPhone(doc.branchPhone)}</p>
          ) : null}
        </div>
        <dl className="text-sm sm:text-right">
          <dt className="text-xs font-medium text-slate-500 uppercase">Bill No.</dt>
          <dd className="text-base font-semibold">{doc.billNumber}</dd>
          <dt className="sr-only">Date</dt>
          <dd className="text-slate-600">{doc.date}</dd>
        </dl>
      </header>

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-slate-500 uppercase">Customer</dt>
          <dd className="font-medium">{doc.customerName}</dd>
          {doc.customerPhone ? (
            <dd className="text-slate-600">{formatPhone(doc.customerPhone)}</dd>
          ) : null}
          {doc.customerAddress ? <dd className="text-slate-600">{doc.customerAddress}</dd> : null}
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500 uppercase">Order ID</dt>
          <dd>{doc.orderId}</dd>
        </div>
        {doc.technicianName ? (
          <div>
            <dt className="text-xs font-medium text-slate-500 uppercase">Technician</dt>
            <dd>{doc.technicianName}</dd>
          </div>
        ) : null}
      </dl>

      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-left text-xs text-slate-500 uppercase">
              <th scope="col" className="py-2 pr-2">
                #
              </th>
              <th scope="col" className="py-2 pr-2">
                Item
              </th>
              <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">
                Qty
              </th>
              <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">
                Rate
              </th>
              <th scope="col" className="py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {doc.lines.map((line) => (
              <tr key={line.key} className="align-top">
                <td className="py-2 pr-2">{line.number}</td>
                <td className="py-2 pr-2">
                  <span className="block break-words">{line.name}</span>
                  {line.serialNumber ? (
                    <span className="block text-xs break-all text-slate-500">
                      S/N {line.serialNumber}
                    </span>
                  ) : null}
                  {/* A phone has no room for the Qty and Rate columns. */}
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {line.quantity} × {line.rate}
                  </span>
                </td>
                <td className="hidden py-2 pr-2 text-right whitespace-nowrap sm:table-cell">
                  {line.quantity}
                </td>
                <td className="hidden py-2 pr-2 text-right whitespace-nowrap sm:table-cell">
                  {line.rate}
                </td>
                <td className="py-2 text-right whitespace-nowrap">{line.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Totals doc={doc} />
      <p className="border-t border-slate-200 pt-3 text-center text-xs text-slate-500">
        Thank you for choosing {doc.branchName}.
      </p>
    </article>
  );
}
