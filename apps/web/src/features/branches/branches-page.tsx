import { Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { SearchInput } from '../../ui/search-input';
import { Loading } from '../../ui/spinner';
import { AddBranchModal } from './add-branch-modal';
import { BranchCard } from './branch-card';

/** Spec 1 §2.8: the Branches page. */
export function BranchesPage() {
  const branches = useBranches();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const needle = search.trim().toLowerCase();
  const rows = (branches.data ?? []).filter(
    (branch) =>
      !needle ||
      branch.name.toLowerCase().includes(needle) ||
      (branch.location ?? '').toLowerCase().includes(needle),
  );

  return (
    <>
      <PageHeader
        title="Branches"
        actions={
          <>
            <RefreshButton onClick={() => void branches.refetch()} loading={branches.isFetching} />
            <Button
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => setAdding(true)}
            >
              Add Branch
            </Button>
          </>
        }
      />
      <SearchInput
        value={search}
        onChange={setSearch}
        placeholder="Search branches by name or location..."
        className="mb-4 max-w-md"
      />
      {branches.isError && !branches.data ? (
        <Alert>{errorMessage(branches.error, 'Failed to fetch branches')}</Alert>
      ) : branches.isPending ? (
        <Loading label="Loading branches..." />
      ) : rows.length === 0 && (branches.data ?? []).length > 0 ? (
        <Card>
          <EmptyState title="No branches match your search" />
        </Card>
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            title="No branches found."
            action={
              <Button variant="secondary" onClick={() => setAdding(true)}>
                Add Your First Branch
              </Button>
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {rows.map((branch) => (
            <li key={branch._id}>
              <BranchCard branch={branch} />
            </li>
          ))}
        </ul>
      )}
      {adding ? <AddBranchModal onClose={() => setAdding(false)} /> : null}
    </>
  );
}
