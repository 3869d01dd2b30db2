import { formatDateTime } from '@karya/domain/format';
import { fullName } from '@karya/domain/user';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { Loading } from '../../ui/spinner';
import { Table, Td } from '../../ui/table';
import { useNewManagers } from './api/get-new-managers';
import { useRejectedTransfers } from './api/get-rejected-transfers';
import type { NewManager, OwnershipTransfer } from './api/transfer-types';
import { personName } from './person-name';
import { TransferModal } from './transfer-modal';

/** Spec 1 §2.9: the manager's Ownership Transfer page. */
export function OwnershipTransferPage() {
  const candidates = useNewManagers();
  const rejected = useRejectedTransfers();
  const [transferTo, setTransferTo] = useState<NewManager | null>(null);
  const refresh = () => {
    void candidates.refetch();
    void rejected.refetch();
  };

  return (
    <>
      <PageHeader
        title="Ownership Transfer"
        actions={<RefreshButton onClick={refresh} loading={candidates.isFetching} />}
      />
      <div className="space-y-6">
        <RejectedTransfers transfers={rejected.data ?? []} />
        <Card title="New Managers Awaiting Ownership Transfer" padded={false}>
          {candidates.isError && !candidates.data ? (
            <Alert className="m-4">
              {errorMessage(candidates.error, 'Failed to fetch new managers')}
            </Alert>
          ) : candidates.isPending ? (
            <Loading />
          ) : (candidates.data ?? []).length === 0 ? (
            <EmptyState title="No new managers found for your branch." />
          ) : (
            <Table columns={['Name', 'Email', '']} label="New Managers Awaiting Ownership Transfer">
              {(candidates.data ?? []).map((candidate) => (
                <tr key={candidate._id}>
                  <Td className="font-medium text-slate-900">{fullName(candidate)}</Td>
                  <Td>{candidate.email}</Td>
                  <Td className="text-right">
                    <Button
                      size="sm"
                      icon={<ArrowRightLeft aria-hidden="true" className="size-4" />}
                      onClick={() => setTransferTo(candidate)}
                      aria-label={`Transfer to ${fullName(candidate)}`}
                    >
                      Transfer
                    </Button>
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </div>
      {transferTo ? (
        <TransferModal candidate={transferTo} onClose={() => setTransferTo(null)} />
      ) : null}
    </>
  );
}

function RejectedTransfers({ transfers }: { transfers: readonly OwnershipTransfer[] }) {
  if (transfers.length === 0) return null;
  return (
    <Card title="Rejected Transfers">
      <ul className="space-y-3">
        {transfers.map((transfer) => (
          <li key={transfer._id} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
            <div className="flex flex-wrap justify-between gap-2">
              <p className="font-medium text-slate-900">{personName(transfer.newManager)}</p>
              <p className="text-slate-500">
                {formatDateTime(transfer.rejectedAt ?? transfer.createdAt)}
              </p>
            </div>
            <p className="mt-1 text-red-800">
              <span className="font-medium">Reason:</span> {transfer.rejectReason || '—'}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
