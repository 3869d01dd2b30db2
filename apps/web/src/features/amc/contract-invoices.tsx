import {
  type AmcContractDetail,
  type AmcInvoice,
  contractInvoiceLabel,
} from '@karya/domain/amc-schemas';
import type { RecordBillPaymentInput } from '@karya/domain/invoice-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { rupees } from '../../lib/money';
import { randomKey } from '../../lib/offline-queue';
import { useContractInvoiceDownload } from '../../shared/contract-invoice-download';
import { RecordPaymentDialog } from '../../shared/record-payment-dialog';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import { dayText } from './amc-display';
import { amcKeys } from './api/amc-keys';

const PAYMENT_LABELS: Record<AmcInvoice['paymentStatus'], string> = {
  paid: 'Paid',
  partial: 'Partly paid',
  unpaid: 'Unpaid',
};
const PAYMENT_TONES = { paid: 'green', partial: 'amber', unpaid: 'red' } as const;

/** POST /record-amc-invoice-payment, once per payment however often it is sent (decision 037). */
function recordPayment(input: RecordBillPaymentInput, attempt: string): Promise<AmcInvoice> {
  const key = `amc-pay:${attempt}:${input.amount.toFixed(2)}:${input.paymentMethod}:${(input.transactionId ?? '').replace(/[^\w.:-]/g, '_')}`;
  return apiRequest<AmcInvoice>(
    'POST',
    '/record-amc-invoice-payment',
    {
      invoiceId: input.billId,
      amount: input.amount,
      paymentMethod: input.paymentMethod,
      transactionId: input.transactionId,
    },
    { headers: { 'Idempotency-Key': key.slice(0, 200) } },
  );
}

/**
 * A contract's invoices (issue 23, decision 037): each with what is paid and still due, its
 * PDF (billing's invoice, as a bill's) and Record Payment while something is owed.
 */
export function ContractInvoicesTable({ contract }: { contract: AmcContractDetail }) {
  const download = useContractInvoiceDownload();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<{ invoice: AmcInvoice; attempt: string } | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (invoice: AmcInvoice) => {
    if (!download) return;
    setDownloading(invoice._id);
    setProblem(null);
    try {
      const { undrawable } = await download({
        invoice,
        reference: contractInvoiceLabel(
          contract.contractNumber,
          invoice.instalment,
          invoice.instalments,
        ),
      });
      if (undrawable.length > 0)
        setProblem(
          `The PDF leaves out characters its font does not have (${undrawable.slice(0, 8).join(' ')}).`,
        );
    } catch {
      setProblem('Could not make the PDF. Please try again.');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      {problem ? <Alert className="m-4">{problem}</Alert> : null}
      {/* Three columns, so that a manager on a phone sees the status and the actions. */}
      <Table columns={['Invoice', 'Amount', 'Actions']} label="Invoices">
        {contract.invoices.map((invoice) => (
          <tr key={invoice._id} aria-label={`Invoice ${invoice.invoiceNumber}`}>
            <Td>
              <div className="font-mono text-slate-900">{invoice.invoiceNumber}</div>
              <div className="text-xs text-slate-500">
                {dayText(invoice.invoiceDate)} ·{' '}
                {invoice.instalments === 1
                  ? 'Full price'
                  : `Instalment ${invoice.instalment} of ${invoice.instalments}`}
              </div>
            </Td>
            <Td>
              <div className="font-medium text-slate-900 tabular-nums">{rupees(invoice.total)}</div>
              <StatusPill tone={PAYMENT_TONES[invoice.paymentStatus]} className="mt-1">
                {PAYMENT_LABELS[invoice.paymentStatus]}
              </StatusPill>
              {invoice.due > 0 && invoice.paid > 0 ? (
                <div className="mt-1 text-xs text-slate-500 tabular-nums">
                  Due {rupees(invoice.due)}
                </div>
              ) : null}
            </Td>
            <Td>
              <div className="flex flex-wrap gap-2">
                {download ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Download aria-hidden="true" className="size-4" />}
                    loading={downloading === invoice._id}
                    onClick={() => void save(invoice)}
                  >
                    Download PDF
                  </Button>
                ) : null}
                {invoice.due > 0 ? (
                  <Button size="sm" onClick={() => setPaying({ invoice, attempt: randomKey() })}>
                    Record Payment
                  </Button>
                ) : null}
              </div>
            </Td>
          </tr>
        ))}
      </Table>
      {paying ? (
        <RecordPaymentDialog
          key={paying.attempt}
          bill={{
            billId: paying.invoice._id,
            invoiceNumber: paying.invoice.invoiceNumber,
            due: paying.invoice.due,
          }}
          send={(input) => recordPayment(input, paying.attempt)}
          onClose={() => setPaying(null)}
          onRecorded={() => void queryClient.invalidateQueries({ queryKey: amcKeys.all })}
        />
      ) : null}
    </>
  );
}
