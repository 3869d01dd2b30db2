import type { AmcOverdueVisit } from '@karya/domain/amc-schemas';
import { Link } from 'react-router';
import { Table, Td } from '../../ui/table';
import { daysText, dayText } from './amc-display';

const COLUMNS = ['Customer', 'Visit', 'Due date', 'Overdue by', 'Work order', 'Technician'];

/** The visits past their date and not done, oldest first; each opens its contract. */
export function OverdueVisitsTable({
  rows,
  showBranch,
}: {
  rows: readonly AmcOverdueVisit[];
  showBranch: boolean;
}) {
  return (
    <Table columns={COLUMNS} label="Overdue visits">
      {rows.map((visit) => (
        <tr key={visit._id} aria-label={`${visit.customer.name} visit ${visit.number}`}>
          <Td>
            <div className="max-w-48 whitespace-normal">
              <Link
                to={`/maintenance-contracts/${visit.contractId}`}
                className="font-medium text-blue-700 hover:underline"
              >
                {visit.customer.name}
              </Link>
              <div className="text-xs text-slate-500">
                {visit.contractNumber}
                {showBranch ? ` · ${visit.branch.name}` : ''}
              </div>
            </div>
          </Td>
          <Td>{visit.number}</Td>
          <Td>{dayText(visit.dueDate)}</Td>
          <Td className="font-medium text-red-700">{daysText(visit.daysOverdue)}</Td>
          <Td className="font-mono text-sm">{visit.workOrder?.orderId ?? 'Not opened yet'}</Td>
          <Td>
            {visit.workOrder?.technician
              ? `${visit.workOrder.technician.firstName} ${visit.workOrder.technician.lastName}`
              : visit.workOrder
                ? 'Not assigned'
                : '—'}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
