import { type StatusCounts, totalOf } from '@karya/domain/dashboard-schemas';
import type { ReactNode } from 'react';
import { Table, Td } from './table';

/** The six overview columns in the spec's order, with their headings (spec 1 §2.4). */
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
}

/**
 * One row per branch or person with the six project-status counts and a Total row (spec 1
 * §2.4 Branch and Technicians Overview, §2.6 Team Overview, §2.8 Technicians Overview). The
 * Total row is the server's when it sends one, so the page and the server cannot disagree.
 */
export function StatusCountsTable<Row extends CountsRow>({
  rows,
  total,
  label,
  nameOf,
  statusCell,
}: {
  rows: readonly Row[];
  total?: StatusCounts;
  label: string;
  nameOf: (row: Row) => ReactNode;
  statusCell?: (row: Row) => ReactNode;
}) {
  const columns = [
    'Name',
    ...COUNT_COLUMNS.map(([, title]) => title),
    ...(statusCell ? ['Status'] : []),
  ];
  const totals = total ?? totalOf(rows);
  return (
    <Table columns={columns} label={label}>
      {rows.map((row) => (
        <tr key={row._id}>
          <Td className="font-medium text-slate-900">{nameOf(row)}</Td>
          {COUNT_COLUMNS.map(([key]) => (
            <Td key={key}>{row[key]}</Td>
          ))}
          {statusCell ? <Td>{statusCell(row)}</Td> : null}
        </tr>
      ))}
      <tr className="bg-slate-50 font-semibold">
        <Td className="font-semibold text-slate-900">Total</Td>
        {COUNT_COLUMNS.map(([key]) => (
          <Td key={key} className="font-semibold">
            {totals[key]}
          </Td>
        ))}
        {statusCell ? <Td /> : null}
      </tr>
    </Table>
  );
}
