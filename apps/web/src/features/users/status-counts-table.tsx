import { fullName } from '@karya/domain/user';
import { Table, Td } from '../../ui/table';
import type { StatusCounts } from './api/get-manager-detail';

export const COUNT_COLUMNS: ReadonlyArray<[keyof StatusCounts, string]> = [
  ['assigned', 'Assigned'],
  ['inProgress', 'In Progress'],
  ['pendingApproval', 'Pending Approval'],
  ['completed', 'Completed'],
  ['transferring', 'Transferring'],
  ['transferred', 'Transferred'],
];

export interface CountsRow extends StatusCounts {
  _id: string;
  firstName: string;
  lastName: string;
  status?: string | undefined;
}

/**
 * A person per row with the six project-status counts and a Total row (spec 1 §2.6 Team
 * Overview, §2.8 Technicians Overview). Counts read zero until work orders exist.
 */
export function StatusCountsTable({
  rows,
  label,
  statusCell,
}: {
  rows: readonly CountsRow[];
  label: string;
  statusCell?: (row: CountsRow) => React.ReactNode;
}) {
  const columns = [
    'Name',
    ...COUNT_COLUMNS.map(([, title]) => title),
    ...(statusCell ? ['Status'] : []),
  ];
  const total = (key: keyof StatusCounts) => rows.reduce((sum, row) => sum + (row[key] ?? 0), 0);
  return (
    <Table columns={columns} label={label}>
      {rows.map((row) => (
        <tr key={row._id}>
          <Td className="font-medium text-slate-900">{fullName(row)}</Td>
          {COUNT_COLUMNS.map(([key]) => (
            <Td key={key}>{row[key] ?? 0}</Td>
          ))}
          {statusCell ? <Td>{statusCell(row)}</Td> : null}
        </tr>
      ))}
      <tr className="bg-slate-50 font-semibold">
        <Td className="font-semibold text-slate-900">Total</Td>
        {COUNT_COLUMNS.map(([key]) => (
          <Td key={key} className="font-semibold">
            {total(key)}
          </Td>
        ))}
        {statusCell ? <Td /> : null}
      </tr>
    </Table>
  );
}
