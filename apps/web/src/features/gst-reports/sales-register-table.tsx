import { dayMonthYear, INVOICE_TITLES } from '@karya/domain/gst';
import {
  countsInRegister,
  type SalesRegisterAnswer,
  type SalesRegisterRow,
} from '@karya/domain/invoice-schemas';
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

/** What a row is, under its number: the invoice's kind, cancelled, or a credit note. */
function documentLine(row: SalesRegisterRow) {
  if (row.creditNoteFor)
    return (
      <span className="font-medium text-purple-800">
        Credit note for {row.creditNoteFor.invoiceNumber}
      </span>
    );
  if (row.cancelled)
    return (
      <span className="font-medium text-red-700">
        Cancelled{row.reversedBy ? `, credit note ${row.reversedBy}` : ''}
      </span>
    );
  return INVOICE_TITLES[row.kind];
}

/**
 * One row per invoice; a cancelled one stays listed (its number is in the series), struck
 * unless a credit note reverses it; a credit note is a row of its own, negative (decision 041).
 */
export function SalesRegisterTable({ register }: { register: SalesRegisterAnswer }) {
  const { totals } = register;
  const leftOut = register.rows.filter((row) => !countsInRegister(row)).length;
  return (
    <Table columns={COLUMNS} label="Sales Register">
      {register.rows.map((row) => (
        <tr
          key={`${row.billId}|${row.invoiceNumber}`}
          className={row.cancelled || row.creditNoteFor ? 'bg-slate-50' : undefined}
        >
          <Td>
            <Link
              to={`/bills/${row.billId}`}
              className="font-mono text-sm text-blue-700 hover:underline"
            >
              {row.invoiceNumber}
            </Link>
            <div className="text-xs text-slate-500">
              {dayMonthYear(row.invoiceDate, ' ')} · {documentLine(row)}
            </div>
          </Td>
          <Td className="max-w-48 truncate">{row.customerName}</Td>
          <Td className="font-mono text-xs">{row.customerGstin ?? '—'}</Td>
          <Td>{row.placeOfSupply ? `${row.placeOfSupply.code}-${row.placeOfSupply.name}` : '—'}</Td>
          <Amount value={row.taxable} struck={!countsInRegister(row)} />
          <Amount value={row.igst} struck={!countsInRegister(row)} />
          <Amount value={row.cgst} struck={!countsInRegister(row)} />
          <Amount value={row.sgst} struck={!countsInRegister(row)} />
          <Amount value={row.roundOff} struck={!countsInRegister(row)} />
          <Amount value={row.total} struck={!countsInRegister(row)} />
        </tr>
      ))}
      <tr aria-label="Totals" className="bg-slate-50 font-semibold [&>td]:text-slate-900">
        <Td>Total</Td>
        <Td className="text-sm font-normal text-slate-600">
          {totals.count} {totals.count === 1 ? 'document' : 'documents'}
          {leftOut > 0 ? ' (cancelled left out)' : ''}
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
