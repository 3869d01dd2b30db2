import { formatDateTime } from '@karya/domain/format';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { ListBody } from '../../shared/list-page-frame';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { RefreshButton } from '../../ui/refresh-button';
import { type PillTone, StatusPill } from '../../ui/status-pill';
import { Table, Td } from '../../ui/table';
import type { ImportRun } from './api/import-types';
import { useImports } from './api/imports-api';
import { KIND_INFO } from './import-kinds';
import { count } from './import-progress';

const STATUS: Record<ImportRun['status'], { label: string; tone: PillTone }> = {
  previewed: { label: 'Not imported', tone: 'slate' },
  committing: { label: 'Importing', tone: 'blue' },
  done: { label: 'Done', tone: 'green' },
  failed: { label: 'Stopped', tone: 'red' },
};

/** Every import kept: who, when, the file and what it did. */
export function PastImports() {
  const imports = useImports();
  // A file only checked is no import: listing every preview would bury the imports made.
  const rows = (imports.data ?? []).filter((run) => run.status !== 'previewed');
  return (
    <Card
      title="Past imports"
      padded={false}
      actions={
        <RefreshButton onClick={() => void imports.refetch()} loading={imports.isFetching} />
      }
    >
      <ListBody
        query={imports}
        failureMessage="Failed to fetch past imports"
        loadingLabel="Loading past imports..."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={History}
            title="No imports yet"
            description="Each file you import is listed here with what it created."
          />
        }
      >
        <Table
          columns={['When', 'File', 'What', 'By', 'Created', 'Updated', 'Skipped', 'Status']}
          label="Past imports"
          phoneCards
        >
          {rows.map((run) => (
            <tr key={run._id}>
              <Td label="When">{formatDateTime(run.createdAt)}</Td>
              <Td label="File" className="max-w-56 truncate">
                <Link to={`/import/${run._id}`} className="text-blue-700 hover:underline">
                  {run.fileName}
                </Link>
              </Td>
              <Td label="What">
                {KIND_INFO[run.kind]?.label ?? run.kind}
                {run.branch ? ` · ${run.branch.name}` : ''}
              </Td>
              <Td label="By">{run.createdBy?.name ?? '—'}</Td>
              <Td label="Created" className="tabular-nums">
                {count(run.created)}
              </Td>
              <Td label="Updated" className="tabular-nums">
                {count(run.updated)}
              </Td>
              <Td label="Skipped" className="tabular-nums">
                {count(run.skipped)}
              </Td>
              <Td label="Status">
                <StatusPill tone={STATUS[run.status]?.tone ?? 'slate'}>
                  {STATUS[run.status]?.label ?? run.status}
                </StatusPill>
              </Td>
            </tr>
          ))}
        </Table>
      </ListBody>
    </Card>
  );
}
