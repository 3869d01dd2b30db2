import { type PillTone, StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import type { ImportPreview } from './api/import-types';

type Outcome = ImportPreview['sample'][number]['outcome'];

const OUTCOMES: Record<Outcome, { label: string; tone: PillTone }> = {
  create: { label: 'New', tone: 'green' },
  update: { label: 'Already in Karya', tone: 'amber' },
  skip: { label: 'Skipped', tone: 'slate' },
  error: { label: 'Error', tone: 'red' },
};

/**
 * The first rows as Karya read them, under the column each header was taken for: a wrong
 * column (a phone read as the name) shows here before anything is written.
 */
export function SampleRowsTable({ preview }: { preview: ImportPreview }) {
  const columns = preview.columns.filter((column) =>
    preview.headers.some((header) => header.column === column.key),
  );
  if (preview.sample.length === 0 || columns.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-slate-700">
        The first {preview.sample.length} rows as read
      </summary>
      <Table
        columns={['Row', ...columns.map((column) => column.label), 'Outcome']}
        label="First rows"
      >
        {preview.sample.map((row) => (
          <tr key={row.row}>
            <Td className="tabular-nums">{row.row}</Td>
            {columns.map((column) => (
              <Td key={column.key}>{String(row.values[column.key] ?? '')}</Td>
            ))}
            <Td>
              <StatusPill tone={OUTCOMES[row.outcome].tone}>
                {OUTCOMES[row.outcome].label}
              </StatusPill>
            </Td>
          </tr>
        ))}
      </Table>
    </details>
  );
}
