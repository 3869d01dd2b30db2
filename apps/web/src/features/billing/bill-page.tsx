import { ArrowLeft, Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { useBillDetails } from './api/get-bill-details';
import { type BillDocument, billDocument } from './bill-document';
import { downloadBillPdf } from './bill-pdf';

/**
 * Printing shows the bill alone: the app's chrome (sidebar, header, notices, these buttons)
 * is hidden and the bill starts at the top of the sheet.
 */
const PRINT_STYLE = `
@media print {
  body * { visibility: hidden !important; }
  #customer-bill, #customer-bill * { visibility: visible !important; }
  #customer-bill { position: absolute; left: 0; top: 0; width: 100%; border: 0; box-shadow: none; }
  @page { margin: 12mm; }
}`;

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

/** The customer's copy of a bill: printable, and downloadable as a PDF. */
export function BillPage() {
  const { billId = '' } = useParams();
  const navigate = useNavigate();
  const bill = useBillDetails(billId);
  const [pdfFailure, setPdfFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  if (bill.isPending) return <Loading label="Loading bill..." />;
  if (bill.isError)
    return (
      <div className="mx-auto max-w-3xl p-4">
        <Alert>{errorMessage(bill.error, 'Bill not found')}</Alert>
      </div>
    );

  const doc = billDocument(bill.data);
  // A copy kept from earlier may predate the payment: the customer's copy waits for the answer.
  const refreshing = bill.isFetching;
  const download = async () => {
    setPdfFailure(null);
    setDownloading(true);
    try {
      await downloadBillPdf(bill.data);
    } catch {
      setPdfFailure('Could not make the PDF. Use Print and choose Save as PDF instead.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4 bg-slate-50 p-3 text-slate-900 sm:p-6">
      <style>{PRINT_STYLE}</style>
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button
          variant="ghost"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          onClick={() => navigate(-1)}
        >
          Back
        </Button>
        <div className="ml-auto flex gap-2">
          <Button
            variant="secondary"
            icon={<Printer aria-hidden="true" className="size-4" />}
            onClick={() => window.print()}
            disabled={refreshing}
          >
            Print
          </Button>
          <Button
            icon={<Download aria-hidden="true" className="size-4" />}
            onClick={download}
            loading={downloading}
            disabled={refreshing}
          >
            Download PDF
          </Button>
        </div>
      </div>
      {pdfFailure ? <Alert>{pdfFailure}</Alert> : null}
      {bill.data.status === 'rejected' ? (
        <Alert tone="warning">This bill was cancelled and is not payable.</Alert>
      ) : null}

      <article
        id="customer-bill"
        aria-label={`Bill No. ${doc.billNumber}`}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <h1 className="text-2xl font-bold text-blue-700">{doc.branchName}</h1>
            {doc.branchAddress ? (
              <p className="text-sm text-slate-600">{doc.branchAddress}</p>
            ) : null}
            {doc.branchPhone ? (
              <p className="text-sm text-slate-600">Phone: {doc.branchPhone}</p>
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
            {doc.customerPhone ? <dd className="text-slate-600">{doc.customerPhone}</dd> : null}
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
    </div>
  );
}
