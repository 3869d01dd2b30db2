import type { Bill } from '@karya/domain/bill-schemas';
import type { IssueCorrectedInvoiceInput } from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import {
  INVALID_UPI_TRANSACTION_ID,
  MIN_UPI_TRANSACTION_ID_LENGTH,
  normalizeUpiTransactionId,
  type PaymentMethod,
} from '@karya/domain/payment-methods';
import { type FormEvent, useId, useState } from 'react';
import { PaymentMethodFields } from '../../shared/payment-method-fields';
import { Alert } from '../../ui/alert';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { TextField } from '../../ui/text-field';

interface LineForm {
  lineId: string;
  name: string;
  priceText: string;
}

export interface CorrectedInvoiceDialogProps {
  /** The cancelled invoice whose job is billed again. */
  bill: Bill;
  /** Resolves to the server's refusal, or null once the corrected invoice is issued. */
  onSubmit: (input: IssueCorrectedInvoiceInput) => Promise<string | null>;
  onClose: () => void;
}

/**
 * 'Issue corrected invoice' (decision 041): the cancelled invoice's lines prefilled, their
 * descriptions and prices editable; quantities and serial numbers stay as they went to the
 * customer, so no stock moves again. An advance kept from the cancelled invoice pays it; what
 * of the advance is more than the new total is refunded the way chosen here.
 */
export function CorrectedInvoiceDialog({ bill, onSubmit, onClose }: CorrectedInvoiceDialogProps) {
  const advance = bill.invoice?.cancellation?.advanceHeld ?? 0;
  const [lines, setLines] = useState<LineForm[]>(() =>
    bill.items.map((item) => ({
      lineId: item._id,
      name: item.name,
      priceText: String(item.price),
    })),
  );
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [transactionId, setTransactionId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();

  const change = (index: number, patch: Partial<LineForm>) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = lines.map((line, index) => {
      const price = Number(line.priceText.trim());
      if (line.priceText.trim() === '' || !Number.isFinite(price) || price < 0)
        found[`price-${index}`] = 'Please enter a price of ₹0 or more';
      if (line.name.trim() === '') found[`name-${index}`] = 'Please enter a description';
      return { lineId: line.lineId, name: line.name.trim(), price: toPaise(price) / 100 };
    });
    const txn = normalizeUpiTransactionId(transactionId);
    if (advance > 0 && method === 'online' && txn.length < MIN_UPI_TRANSACTION_ID_LENGTH)
      found.transactionId = INVALID_UPI_TRANSACTION_ID;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: IssueCorrectedInvoiceInput = { billId: bill.billId, lines: parsed };
    if (advance > 0) input.refund = { method, transactionId: method === 'online' ? txn : null };
    setSaving(true);
    setRefusal(null);
    const refused = await onSubmit(input);
    setSaving(false);
    if (refused) setRefusal(refused);
  };

  return (
    <BottomSheet
      open
      onClose={onClose}
      title="Issue corrected invoice"
      description={`For cancelled ${bill.invoice?.number ?? bill.billNumber ?? ''}`}
      dismissible={!saving}
      footer={
        <>
          <Button
            variant="secondary"
            className={DARK_SECONDARY}
            onClick={onClose}
            disabled={saving}
          >
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Issue corrected invoice
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {refusal ? <Alert>{refusal}</Alert> : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The same lines as the cancelled invoice. Change a description or a price; quantities and
          serial numbers stay as they went to the customer, so no stock moves again.
        </p>
        <ol className="space-y-3">
          {lines.map((line, index) => {
            const item = bill.items[index];
            return (
              <li
                key={line.lineId}
                className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <TextField
                  label={`Line ${index + 1} description`}
                  value={line.name}
                  onChange={(event) => change(index, { name: event.target.value })}
                  error={errors[`name-${index}`]}
                />
                <div className="grid grid-cols-2 gap-2">
                  <TextField
                    label={`Price (₹)${item?.priceIncludesTax ? ', GST included' : ', before GST'}`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={line.priceText}
                    onChange={(event) => change(index, { priceText: event.target.value })}
                    error={errors[`price-${index}`]}
                  />
                  <div>
                    <p className="mb-1.5 text-sm font-medium text-slate-700">Quantity</p>
                    <p className="py-2 text-sm">
                      {item?.quantity} {item?.unit}
                      {item?.serialNumber ? (
                        <span className="block text-xs break-all text-slate-500">
                          S/N {item.serialNumber}
                        </span>
                      ) : null}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
        {advance > 0 ? (
          <div className="space-y-3">
            <Alert tone="info">
              The advance of {formatRupees(toPaise(advance))} kept from {bill.invoice?.number ?? ''}{' '}
              is applied as this invoice’s payment.
            </Alert>
            <PaymentMethodFields
              name={`${formId}-method`}
              legend="If this invoice comes to less than the advance, refund the rest by"
              method={method}
              onMethod={(value) => {
                setMethod(value);
                setErrors({});
              }}
              transactionId={transactionId}
              onTransactionId={(value) => {
                setTransactionId(value);
                setErrors({});
              }}
              error={errors.transactionId}
            />
          </div>
        ) : null}
      </form>
    </BottomSheet>
  );
}
