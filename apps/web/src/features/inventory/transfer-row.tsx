import { formatDateTime } from '@karya/domain/format';
import type { TransferKind, TransferRecord } from '@karya/domain/inventory-answers';
import { formatQuantity } from '@karya/domain/quantity';
import { ArrowRight } from 'lucide-react';
import { SerialLink } from '../../ui/serial-link';
import { Td } from '../../ui/table';

/**
 * The warranty's movements, marked so that a unit going to 'Faulty Stock' is not read as stock
 * and a replacement fitted at a customer not as a sale.
 */
const WARRANTY_KINDS: Partial<Record<TransferKind, string>> = {
  faulty: 'Warranty return',
  replacement: 'Warranty replacement',
};

/** One ledger line as spec 1 §2.7 and spec 2 §2 show it: Date, Item, Transfer, Details, By. */
export function TransferRow({ record }: { record: TransferRecord }) {
  return (
    <tr>
      <Td>{formatDateTime(record.timestamp)}</Td>
      <Td>
        <p className="font-medium text-slate-900">{record.itemName}</p>
        <p className="text-xs text-slate-500">{record.itemId}</p>
      </Td>
      <Td>
        <span className="inline-flex items-center gap-1.5">
          {record.from}
          <ArrowRight aria-hidden="true" className="size-3.5 text-slate-400" />
          <span className="sr-only">to</span>
          {record.to}
        </span>
        {WARRANTY_KINDS[record.kind] ? (
          <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
            {WARRANTY_KINDS[record.kind]}
          </span>
        ) : null}
      </Td>
      <Td>
        <p>{formatQuantity(record.quantity, record.unit)}</p>
        {record.serialNumber ? (
          <p className="font-mono text-xs text-slate-500">
            S/N: <SerialLink serial={record.serialNumber} />
          </p>
        ) : null}
      </Td>
      <Td>{record.transferredBy || '—'}</Td>
    </tr>
  );
}
