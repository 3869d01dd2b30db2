import type { Bill } from '@karya/domain/bill-schemas';
import {
  type CancelInvoiceInput,
  INVOICE_MESSAGES,
  type IssueCorrectedInvoiceInput,
} from '@karya/domain/invoice-schemas';
import type { Role } from '@karya/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Download, FilePlus2, IndianRupee, Printer } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { RecordPaymentDialog } from '../../shared/record-payment-dialog';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-context';
import { Loading } from '../../ui/spinner';
import { billKeys } from './api/bill-keys';
import { useCancelInvoice } from './api/cancel-invoice';
import { useBillDetails } from './api/get-bill-details';
import { useIssueCorrectedInvoice } from './api/issue-corrected-invoice';
import { billDocument } from './bill-document';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';
import { CancellationPanel, type ShownDocument } from './cancellation-panel';
import { CorrectedInvoiceDialog } from './corrected-invoice-dialog';
import { creditNoteDocument, invoiceDocument, refundVoucherDocument } from './invoice-document';
import { InvoiceView } from './invoice-view';
import { LegacyBillView } from './legacy-bill-view';

/**
 * Printing shows the bill alone on A4: the app's chrome (sidebar, header, notices, these
 * buttons) is hidden and the bill starts at the top of the sheet, in black on white.
 */
const PRINT_STYLE = `
@media print {
  @page { size: A4; margin: 10mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  #customer-bill, #customer-bill * { visibility: visible !important; }
  #customer-bill { position: absolute; left: 0; top: 0; width: 100%; margin: 0; padding: 0;
    border: 0; border-radius: 0; box-shadow: none; print-color-adjust: exact;
    -webkit-print-color-adjust: exact; }
  #customer-bill tr, #customer-bill .break-inside-avoid { break-inside: avoid; }
  #customer-bill thead { display: table-header-group; }
}`;

/** Who may take a later payment or cancel an invoice here; the server checks again. */
const PAYMENT_TAKERS: readonly Role[] = ['admin', 'manager', 'technician'];
const CANCELLERS: readonly Role[] = ['admin', 'manager'];

/** A confirmed bill with money still owed, on an invoice that stands. */
export function takesPayment(bill: Bill): boolean {
  return bill.status === 'confirmed' && bill.dueAmount > 0 && !bill.invoice?.cancelledAt;
}

/**
 * The customer's copy of a bill (issue 19: the invoice it became), printable and downloadable
 * as a PDF; the desk and the technician record a later payment here, the desk cancels it.
 */
export function BillPage() {
  const { billId = '' } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const bill = useBillDetails(billId);
  const cancel = useCancelInvoice();
  const correct = useIssueCorrectedInvoice();
  const [shown, setShown] = useState<ShownDocument>({ kind: 'invoice' });
  const [pdfFailure, setPdfFailure] = useState<string | null>(null);
  const [pdfWarning, setPdfWarning] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [dialog, setDialog] = useState<
    'record-payment' | 'cancel-invoice' | 'corrected-invoice' | null
  >(null);

  if (bill.isPending) return <Loading label="Loading bill..." />;
  if (bill.isError)
    return (
      <div className="mx-auto max-w-3xl p-4">
        <Alert>{errorMessage(bill.error, 'Bill not found')}</Alert>
      </div>
    );

  const current = bill.data;
  const invoice = current.invoice;
  // A copy kept from earlier may predate the payment: the customer's copy waits for the answer.
  const refreshing = bill.isFetching;
  const showAnswer = (answer: Bill) => queryClient.setQueryData(billKeys.detail(billId), answer);
  const canRecordPayment = takesPayment(current) && PAYMENT_TAKERS.includes(user.role);
  const canCancel = invoice !== null && !invoice.cancelledAt && CANCELLERS.includes(user.role);
  const canCorrect =
    invoice !== null &&
    invoice.cancelledAt !== null &&
    !invoice.cancellation?.correctedBy &&
    CANCELLERS.includes(user.role);
  // The invoice, its credit note or one of its refund vouchers, each in the invoice's look.
  const note = invoice?.cancellation?.creditNote ?? null;
  const voucher =
    shown.kind === 'refund'
      ? (invoice?.cancellation?.refunds.find((refund) => refund._id === shown.id) ?? null)
      : null;
  // What is on screen, not what was last chosen: the choice outlives a move to the corrected
  // invoice (the same page), which has no credit note or voucher of its own.
  const shownKind: ShownDocument['kind'] =
    shown.kind === 'credit-note' && note ? 'credit-note' : voucher ? 'refund' : 'invoice';
  const shownDocument = !invoice
    ? null
    : shownKind === 'credit-note' && note
      ? creditNoteDocument(current, invoice, note)
      : voucher
        ? refundVoucherDocument(current, invoice, voucher)
        : invoiceDocument(current, invoice);

  const download = async () => {
    setPdfFailure(null);
    setPdfWarning(null);
    setDownloading(true);
    try {
      // The PDF code, jsPDF and the font load only now: nobody else pays for them.
      const { downloadBillPdf, downloadDocumentPdf } = await import('./bill-pdf');
      const { undrawable } =
        shownDocument && shownKind !== 'invoice'
          ? await downloadDocumentPdf(shownDocument)
          : await downloadBillPdf(current);
      if (undrawable.length > 0)
        setPdfWarning(
          `The PDF leaves out characters its font does not have (${undrawable.slice(0, 8).join(' ')}). To keep them, use Print and choose Save as PDF.`,
        );
    } catch {
      setPdfFailure('Could not make the PDF. Use Print and choose Save as PDF instead.');
    } finally {
      setDownloading(false);
    }
  };

  const cancelInvoice = async (input: CancelInvoiceInput) => {
    try {
      showAnswer(await cancel.mutateAsync(input));
      notify.success(INVOICE_MESSAGES.invoiceCancelledDone);
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to cancel the invoice');
    }
  };

  const issueCorrected = async (input: IssueCorrectedInvoiceInput) => {
    try {
      const answer = await correct.mutateAsync(input);
      queryClient.setQueryData(billKeys.detail(answer.billId), answer);
      await queryClient.invalidateQueries({ queryKey: billKeys.detail(billId) });
      notify.success(INVOICE_MESSAGES.correctedInvoiceIssued);
      setDialog(null);
      navigate(`/bills/${encodeURIComponent(answer.billId)}`);
      return null;
    } catch (error) {
      return errorMessage(error, 'Failed to issue the corrected invoice');
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 bg-slate-50 p-3 text-slate-900 sm:p-6">
      <style>{PRINT_STYLE}</style>
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Button
          variant="ghost"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          onClick={() => navigate(-1)}
        >
          Back
        </Button>
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          {canRecordPayment ? (
            <Button
              icon={<IndianRupee aria-hidden="true" className="size-4" />}
              onClick={() => setDialog('record-payment')}
              disabled={refreshing}
            >
              Record Payment
            </Button>
          ) : null}
          {canCorrect ? (
            <Button
              icon={<FilePlus2 aria-hidden="true" className="size-4" />}
              onClick={() => setDialog('corrected-invoice')}
              disabled={refreshing}
            >
              Issue corrected invoice
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="secondary"
              icon={<Ban aria-hidden="true" className="size-4" />}
              onClick={() => setDialog('cancel-invoice')}
              disabled={refreshing}
            >
              Cancel Invoice
            </Button>
          ) : null}
          <Button
            variant="secondary"
            icon={<Printer aria-hidden="true" className="size-4" />}
            onClick={() => window.print()}
            disabled={refreshing}
          >
            Print
          </Button>
          <Button
            variant={canRecordPayment ? 'secondary' : 'primary'}
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
      {pdfWarning ? <Alert tone="warning">{pdfWarning}</Alert> : null}
      {current.status === 'rejected' ? (
        <Alert tone="warning">This bill was cancelled and is not payable.</Alert>
      ) : null}

      {invoice ? <CancellationPanel invoice={invoice} shown={shown} onShow={setShown} /> : null}

      {shownDocument ? (
        <InvoiceView doc={shownDocument} />
      ) : (
        <LegacyBillView doc={billDocument(current)} />
      )}

      {dialog === 'record-payment' ? (
        <RecordPaymentDialog
          bill={{
            billId: current.billId,
            invoiceNumber: invoice?.number ?? current.billNumber ?? current.orderId,
            due: current.dueAmount,
            orderId: current.orderId,
          }}
          onClose={() => setDialog(null)}
          onRecorded={showAnswer}
        />
      ) : null}
      {dialog === 'cancel-invoice' ? (
        <CancelInvoiceDialog
          bill={current}
          onSubmit={cancelInvoice}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'corrected-invoice' ? (
        <CorrectedInvoiceDialog
          bill={current}
          onSubmit={issueCorrected}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
