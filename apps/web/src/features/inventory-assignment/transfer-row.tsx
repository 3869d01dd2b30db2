import { formatDateTime } from '@karya/domain/format';
import type { TransferRecord } from '@karya/domain/inventory-answers';
import { ArrowRight } from 'lucide-react';
import { Td } from '../../ui/table';
import { SerialLink } from '../warranty/serial-chain';

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
      </Td>
      <Td>
        <p>
          {record.quantity} {record.unit || 'Piece'}
        </p>
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
