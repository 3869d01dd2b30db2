import { contractInvoiceLabel } from '@karya/domain/amc-schemas';
import { dayMonthYear } from '@karya/domain/gst';
import type { DueRow } from '@karya/domain/invoice-schemas';
import { formatPhone } from '@karya/domain/phone-rules';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { rupees } from '../../lib/money';
import { Button } from '../../ui/button';
import { Table, Td } from '../../ui/table';
import { BUCKET_LABELS } from './ageing-tiles';

const COLUMNS = ['Customer', 'Invoice', 'Date', 'Due', 'Days outstanding', 'Actions'];

const BUCKET_PILLS: Readonly<Record<DueRow['bucket'], string>> = {
  '0-30': 'bg-slate-100 text-slate-700',
  '31-60': 'bg-amber-100 text-amber-800',
  '61-90': 'bg-orange-100 text-orange-800',
  '90+': 'bg-red-100 text-red-800',
};

const daysText = (days: number) => (days === 1 ? '1 day' : `${days.toLocaleString('en-IN')} days`);

/** The dues of the page, oldest first; each row can take a payment or send a reminder. */
export function DuesTable({
  rows,
  showBranch,
  onRecordPayment,
  onSendReminder,
}: {
  rows: readonly DueRow[];
  /** Admins over every branch: each row says whose it is. */
  showBranch: boolean;
  onRecordPayment: (row: DueRow) => void;
  onSendReminder: (row: DueRow) => void;
}) {
  return (
    <Table columns={COLUMNS} label="Outstanding Dues" phoneCards>
      {rows.map((row) => (
        <tr key={row.billId} aria-label={`${row.customerName} ${row.invoiceNumber}`}>
          <Td>
            <div className="font-medium text-slate-900">{row.customerName}</div>
            <div className="text-xs text-slate-500">{formatPhone(row.customerPhone)}</div>
          </Td>
          <Td>
            {row.contract ? (
              // A maintenance contract's invoice (decision 037): it opens the contract.
              <>
                <Link
                  to={`/maintenance-contracts/${row.contract._id}`}
                  className="font-mono text-sm text-blue-700 hover:underline"
                >
                  {row.invoiceNumber}
                </Link>
                <div className="text-xs text-slate-500">
                  <span className="mr-1 rounded bg-violet-100 px-1.5 py-0.5 font-medium text-violet-800">
                    AMC
                  </span>
                  {contractInvoiceLabel(
                    row.contract.contractNumber,
                    row.contract.instalment,
                    row.contract.instalments,
                  )}
                  {showBranch ? ` · ${row.branch.name}` : ''}
                </div>
              </>
            ) : (
              <>
                <Link
                  to={`/bills/${row.billId}`}
                  className="font-mono text-sm text-blue-700 hover:underline"
                >
                  {row.invoiceNumber}
                </Link>
                <div className="text-xs text-slate-500">
                  {row.orderId}
                  {showBranch ? ` · ${row.branch.name}` : ''}
                </div>
              </>
            )}
          </Td>
          <Td label="Date">{dayMonthYear(row.invoiceDate, ' ')}</Td>
          <Td label="Due">
            <div className="inline-block font-semibold text-slate-900 tabular-nums">
              {rupees(row.due)}
            </div>
            <div className="text-xs text-slate-500 tabular-nums max-sm:ml-1.5 max-sm:inline-block sm:block">
              of {rupees(row.total)}
            </div>
          </Td>
          <Td>
            {/* Coloured by its ageing bucket, as the tiles above. */}
            <span
              title={BUCKET_LABELS[row.bucket]}
              className={`rounded-full px-2.5 py-0.5 text-sm font-medium tabular-nums ${BUCKET_PILLS[row.bucket]}`}
            >
              {daysText(row.daysOutstanding)}
            </span>
          </Td>
          <Td>
            <div className="flex gap-2 max-sm:flex-wrap max-sm:pt-1">
              <Button size="sm" onClick={() => onRecordPayment(row)}>
                Record Payment
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<MessageCircle aria-hidden="true" className="size-4 text-green-600" />}
                onClick={() => onSendReminder(row)}
              >
                Send Reminder
              </Button>
            </div>
          </Td>
        </tr>
      ))}
    </Table>
  );
}
