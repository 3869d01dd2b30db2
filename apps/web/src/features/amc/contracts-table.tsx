import type { AmcContract } from '@karya/domain/amc-schemas';
import { Link } from 'react-router';
import { rupees } from '../../lib/money';
import { StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import {
  CONTRACT_STATUS_LABELS,
  CONTRACT_STATUS_TONES,
  dayText,
  frequencyText,
} from './amc-display';

const COLUMNS = [
  'Customer',
  'Covered installation',
  'Term',
  'Frequency',
  'Value',
  'Next visit',
  'Status',
];

/** What the contract covers: the installation's project and its serials, in one line each. */
export function CoveredText({ contract }: { contract: AmcContract }) {
  const serials = contract.serialNumbers;
  return (
    <>
      <div className="text-slate-900">{contract.projectType || '—'}</div>
      <div className="max-w-56 truncate text-xs text-slate-500" title={serials.join(', ')}>
        {serials.length === 0
          ? 'No serials'
          : serials.length <= 2
            ? serials.join(', ')
            : `${serials.slice(0, 2).join(', ')} +${serials.length - 2} more`}
      </div>
    </>
  );
}

/** The contracts of a view; each opens its own page from the contract number. */
export function ContractsTable({
  rows,
  showBranch,
  label,
}: {
  rows: readonly AmcContract[];
  /** Admins over every branch: each row says whose it is. */
  showBranch: boolean;
  label: string;
}) {
  return (
    <Table columns={COLUMNS} label={label}>
      {rows.map((contract) => (
        <tr key={contract._id} aria-label={`${contract.customer.name} ${contract.contractNumber}`}>
          <Td>
            <div className="max-w-48 whitespace-normal">
              <Link
                to={`/maintenance-contracts/${contract._id}`}
                className="font-medium text-blue-700 hover:underline"
              >
                {contract.customer.name}
              </Link>
              <div className="text-xs text-slate-500">
                {contract.contractNumber}
                {showBranch ? ` · ${contract.branch.name}` : ''}
              </div>
            </div>
          </Td>
          <Td>
            <CoveredText contract={contract} />
          </Td>
          <Td>
            <div className="text-slate-900">{dayText(contract.startDate)}</div>
            <div className="text-xs text-slate-500">to {dayText(contract.endDate)}</div>
          </Td>
          <Td>{frequencyText(contract.visitsPerTerm)}</Td>
          <Td>
            <div className="text-slate-900 tabular-nums">{rupees(contract.price)}</div>
            <div className="text-xs text-slate-500">
              {contract.priceIncludesTax ? 'incl. GST' : `+ ${contract.gstRate}% GST`}
            </div>
          </Td>
          <Td>
            {contract.status === 'active' ? dayText(contract.nextVisitDue) : '—'}
            {contract.overdueVisits > 0 ? (
              <div className="text-xs font-medium text-red-700">
                {contract.overdueVisits === 1
                  ? '1 visit overdue'
                  : `${contract.overdueVisits} visits overdue`}
              </div>
            ) : null}
          </Td>
          <Td>
            <div className="flex flex-wrap gap-1">
              <StatusPill tone={CONTRACT_STATUS_TONES[contract.status]}>
                {CONTRACT_STATUS_LABELS[contract.status]}
              </StatusPill>
              {contract.renewalDue ? <StatusPill tone="orange">Renewal due</StatusPill> : null}
            </div>
          </Td>
        </tr>
      ))}
    </Table>
  );
}
