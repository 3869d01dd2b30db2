import { formatPhone } from '@karya/domain/phone-rules';
import type { QuotationListItem } from '@karya/domain/quotation-schemas';
import { Link } from 'react-router';
import { StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import { dayText, money, numberText, QUOTE_STATUS_TONES, statusLabel } from './quote-display';

const COLUMNS = ['Number', 'Contact', 'Total', 'Valid until', 'Status'];

/** The quotes of a filter; each opens its details from the number. */
export function QuotationsTable({
  rows,
  showBranch,
  label = 'Quotations',
}: {
  rows: readonly QuotationListItem[];
  /** An admin over every branch: each row says whose it is. */
  showBranch: boolean;
  label?: string;
}) {
  return (
    <Table columns={COLUMNS} label={label} phoneCards>
      {rows.map((quote) => (
        <tr key={quote._id} aria-label={`${numberText(quote)} ${quote.contactName}`}>
          <Td>
            <Link
              to={`/quotations/${quote._id}`}
              className="font-medium text-blue-700 hover:underline"
            >
              {numberText(quote)}
            </Link>
            {showBranch ? <div className="text-xs text-slate-500">{quote.branch.name}</div> : null}
          </Td>
          <Td label="Contact">
            <span className="text-slate-900">{quote.contactName}</span>
            <div className="text-xs text-slate-500">
              {formatPhone(quote.contactPhone)}
              {quote.contactKind === 'lead' ? ' · Lead' : ''}
            </div>
          </Td>
          <Td label="Total" className="tabular-nums">
            {money(quote.total)}
          </Td>
          <Td label="Valid until">{dayText(quote.validUntil)}</Td>
          <Td>
            <StatusPill tone={QUOTE_STATUS_TONES[quote.status]}>
              {statusLabel(quote.status)}
            </StatusPill>
          </Td>
        </tr>
      ))}
    </Table>
  );
}
