import type { HsnSummaryAnswer } from '@karya/domain/invoice-schemas';
import { rupees } from '../../lib/money';
import { Table, Td } from '../../ui/table';

const COLUMNS = [
  'HSN/SAC',
  'Description',
  'UQC',
  'Quantity',
  'Rate',
  'Taxable',
  'IGST',
  'CGST',
  'SGST',
  'Total',
];

const Amount = ({ value }: { value: number }) => (
  <Td className="text-right tabular-nums">{rupees(value)}</Td>
);

const NotSet = ({ children }: { children: string }) => (
  <span className="text-amber-700">{children}</span>
);

/** The lines of uncancelled invoices summed by HSN/SAC and rate, as GSTR-1's HSN table. */
export function HsnSummaryTable({ summary }: { summary: HsnSummaryAnswer }) {
  const { totals } = summary;
  return (
    <Table columns={COLUMNS} label="HSN Summary">
      {summary.rows.map((row) => (
        <tr
          key={`${row.hsnSac}|${row.gstRate}|${row.uqc}|${row.creditNote ? 'cn' : ''}`}
          className={row.creditNote ? 'bg-slate-50' : undefined}
        >
          <Td className="font-mono">{row.hsnSac ?? <NotSet>Not set</NotSet>}</Td>
          <Td className="max-w-72 truncate">
            {row.creditNote ? (
              <span className="font-medium text-purple-800">Credit notes: </span>
            ) : null}
            {row.description}
          </Td>
          <Td className="text-xs">{row.uqc}</Td>
          <Td className="text-right tabular-nums">{row.quantity.toLocaleString('en-IN')}</Td>
          <Td className="text-right tabular-nums">
            {row.gstRate === null ? <NotSet>Not set</NotSet> : `${row.gstRate}%`}
          </Td>
          <Amount value={row.taxable} />
          <Amount value={row.igst} />
          <Amount value={row.cgst} />
          <Amount value={row.sgst} />
          <Amount value={row.total} />
        </tr>
      ))}
      <tr aria-label="Totals" className="bg-slate-50 font-semibold [&>td]:text-slate-900">
        <Td>Total</Td>
        <Td />
        <Td />
        <Td />
        <Td />
        <Amount value={totals.taxable} />
        <Amount value={totals.igst} />
        <Amount value={totals.cgst} />
        <Amount value={totals.sgst} />
        <Amount value={totals.total} />
      </tr>
    </Table>
  );
}
