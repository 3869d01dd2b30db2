import type { Replacement } from '@karya/domain/warranty-schemas';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBranchParam } from '../../shared/use-list-controls';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { RefreshButton } from '../../ui/refresh-button';
import { warrantyKeys } from './api/warranty-keys';
import { type IssueTarget, RegisterIssueModal } from './register-issue-modal';
import { ReplacementDetailModal } from './replacement-detail-modal';
import { ReplacementHistory } from './replacement-history';
import { SerialLookupResult } from './serial-lookup-result';
import { SerialSearchForm } from './serial-search-form';

/**
 * Spec 2 §2 'Replacement Warranty screen': a serial search (typed or scanned) with the
 * product details and warranty, the history table of replacements and the detail modal.
 * The serial searched is kept in ?serial= so a link (the unit record, a chain) can open it.
 */
export function ReplacementWarrantyPage() {
  const { isAdmin, branch, setBranch } = useBranchParam();
  const [params, setParams] = useSearchParams();
  const serial = params.get('serial')?.trim() ?? '';
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: warrantyKeys.all }) > 0;
  const statusFetching = useIsFetching({ queryKey: warrantyKeys.status(serial) }) > 0;
  const [viewing, setViewing] = useState<Replacement | null>(null);
  const [issue, setIssue] = useState<IssueTarget | null>(null);

  const search = (next: string) => {
    const updated = new URLSearchParams(params);
    updated.set('serial', next);
    setParams(updated, { replace: true });
    // Searching the same serial again asks the server again: its state may have changed.
    if (next === serial)
      void queryClient.invalidateQueries({ queryKey: warrantyKeys.status(next) });
  };

  return (
    <>
      <PageHeader
        title="Replacement Warranty"
        description="Check a product's warranty by its serial number and replace faulty units."
        actions={
          <RefreshButton
            onClick={() => void queryClient.invalidateQueries({ queryKey: warrantyKeys.all })}
            loading={fetching}
          />
        }
      />
      <div className="space-y-6">
        <Card title="Check Warranty">
          <div className="space-y-4">
            <SerialSearchForm current={serial} onSearch={search} searching={statusFetching} />
            {serial ? (
              <SerialLookupResult serial={serial} onIssue={setIssue} onOpen={setViewing} />
            ) : (
              <p className="text-sm text-slate-500">
                Type or scan the serial number of an installed product to see its warranty.
              </p>
            )}
          </div>
        </Card>
        <ReplacementHistory
          branchFilter={isAdmin ? { value: branch, onChange: setBranch } : null}
          onOpen={setViewing}
        />
      </div>
      {issue ? (
        <RegisterIssueModal
          target={issue}
          onClose={() => setIssue(null)}
          onRegistered={(record) => {
            setIssue(null);
            setViewing(record);
          }}
        />
      ) : null}
      {viewing ? (
        <ReplacementDetailModal
          key={viewing._id}
          record={viewing}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </>
  );
}
