import { dayMonthYear, INVOICE_TITLES } from '@karya/domain/gst';
import type { SalesRegisterAnswer } from '@karya/domain/invoice-schemas';
import { Link } from 'react-router';
import { cx } from '../../lib/class-names';
import { rupees } from '../../lib/money';
import { Table, Td } from '../../ui/table';

// The date sits under the invoice number, so the register fits a desk screen with every head.
const COLUMNS = [
  'Invoice',
  'Customer',
  'GSTIN',
  'Place of Supply',
  'Taxable',
  'IGST',
  'CGST',
  'SGST',
  'Round Off',
  'Total',
];

const Amount = ({ value, struck = false }: { value: number; struck?: boolean }) => (
  <Td className={cx('px-2.5! text-right tabular-nums', struck && 'text-slate-400 line-through')}>
    {rupees(value)}
  </Td>
);

/** One row per invoice; a cancelled one stays listed (its number is in the series) but struck. */
export function SalesRegisterTable({ register }: { register: SalesRegisterAnswer }) {
  const { totals } = register;
  return (
    <Table columns={COLUMNS} label="Sales Register">
      {register.rows.map((row) => (
        <tr key={row.billId} className={row.cancelled ? 'bg-slate-50' : undefined}>
          <Td>
            <Link
              to={`/bills/${row.billId}`}
              className="font-mono text-sm text-blue-700 hover:underline"
            >
              {row.invoiceNumber}
            </Link>
            <div className="text-xs text-slate-500">
              {dayMonthYear(row.invoiceDate, ' ')} ·{' '}
              {row.cancelled ? (
                <span className="font-medium text-red-700">Cancelled</span>
              ) : (
                INVOICE_TITLES[row.kind]
              )}
            </div>
          </Td>
          <Td className="max-w-48 truncate">{row.customerName}</Td>
          <Td className="font-mono text-xs">{row.customerGstin ?? '—'}</Td>
          <Td>{row.placeOfSupply ? `${row.placeOfSupply.code}-${row.placeOfSupply.name}` : '—'}</Td>
          <Amount value={row.taxable} struck={row.cancelled} />
          <Amount value={row.igst} struck={row.cancelled} />
          <Amount value={row.cgst} struck={row.cancelled} />
          <Amount value={row.sgst} struck={row.cancelled} />
          <Amount value={row.roundOff} struck={row.cancelled} />
          <Amount value={row.total} struck={row.cancelled} />
        </tr>
      ))}
      <tr aria-label="Totals" className="bg-slate-50 font-semibold [&>td]:text-slate-900">
        <Td>Total</Td>
        <Td className="text-sm font-normal text-slate-600">
          {totals.count} {totals.count === 1 ? 'invoice' : 'invoices'}
          {register.rows.length > totals.count ? ' (cancelled left out)' : ''}
        </Td>
        <Td />
        <Td />
        <Amount value={totals.taxable} />
        <Amount value={totals.igst} />
        <Amount value={totals.cgst} />
        <Amount value={totals.sgst} />
        <Amount value={totals.roundOff} />
        <Amount value={totals.total} />
      </tr>
    </Table>
  );
}
