import type { QuoteLine } from '@karya/domain/quotation-schemas';
import { StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import { money } from './quote-display';

const COLUMNS = ['Item', 'Qty', 'Rate', 'Discount', 'Amount'];

/**
 * A quote's lines as sent: name with its HSN/SAC, quantity, rate with its GST rate, discount
 * and amount; five columns, so the table fits beside the totals at desk width. The GST rate
 * only when the quote charges GST: a bill of supply charges none.
 */
export function QuoteLinesTable({
  lines,
  label,
  empty = 'No lines.',
  charged,
}: {
  lines: readonly QuoteLine[];
  label: string;
  empty?: string;
  charged: boolean;
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
            <div className="text-xs text-slate-500">
              HSN/SAC {line.hsnSac ?? 'not set'}
              {line.optional ? (
                <StatusPill tone="purple" className="ml-2">
                  Optional
                </StatusPill>
              ) : null}
            </div>
          </Td>
          <Td label="Qty" className="tabular-nums">
            {line.quantity} {line.unit}
          </Td>
          <Td label="Rate" className="tabular-nums">
            {money(line.price)}
            {charged ? (
              <div className="text-xs text-slate-500 max-sm:inline max-sm:ml-1">
                {line.gstRate === null
                  ? 'GST rate not set'
                  : `${line.priceIncludesTax ? 'incl.' : '+'} ${line.gstRate}% GST`}
              </div>
            ) : null}
          </Td>
          <Td label="Discount" className="tabular-nums">
            {line.discount ? money(line.discount) : '—'}
          </Td>
          <Td label="Amount" className="tabular-nums font-medium">
            {money(line.amount)}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
