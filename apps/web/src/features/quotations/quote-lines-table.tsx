import type { QuoteLine } from '@karya/domain/quotation-schemas';
import { StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import { money } from './quote-display';

const COLUMNS = ['Item', 'HSN/SAC', 'Qty', 'Rate', 'Discount', 'Amount', 'GST'];

/** A quote's lines as sent: name, HSN/SAC, quantity, rate, discount, amount and GST rate. */
export function QuoteLinesTable({
  lines,
  label,
  empty = 'No lines.',
}: {
  lines: readonly QuoteLine[];
  label: string;
  empty?: string;
}) {
  if (lines.length === 0) return <p className="px-4 py-3 text-sm text-slate-500">{empty}</p>;
  return (
    <Table columns={COLUMNS} label={label} phoneCards>
      {lines.map((line) => (
        <tr key={line._id}>
          <Td>
            <div className="max-w-64 whitespace-normal break-words font-medium text-slate-900">
              {line.name}
            </div>
            {line.optional ? (
              <StatusPill tone="purple" className="mt-1">
                Optional
              </StatusPill>
            ) : null}
          </Td>
          <Td label="HSN/SAC">{line.hsnSac ?? '—'}</Td>
          <Td label="Qty" className="tabular-nums">
            {line.quantity} {line.unit}
          </Td>
          <Td label="Rate" className="tabular-nums">
            {money(line.price)}
            <span className="ml-1 text-xs text-slate-500">
              {line.priceIncludesTax ? 'incl. GST' : '+ GST'}
            </span>
          </Td>
          <Td label="Discount" className="tabular-nums">
            {line.discount ? money(line.discount) : '—'}
          </Td>
          <Td label="Amount" className="tabular-nums font-medium">
            {money(line.amount)}
          </Td>
          <Td label="GST">{line.gstRate === null ? 'Not set' : `${line.gstRate}%`}</Td>
        </tr>
      ))}
    </Table>
  );
}
