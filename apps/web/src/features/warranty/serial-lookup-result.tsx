import { formatDateTime } from '@karya/domain/format';
import { type Replacement, WARRANTY_MESSAGES } from '@karya/domain/warranty-schemas';
import { Eye, FileClock, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { useWarrantyStatus } from './api/check-warranty-status';
import { useSerialReplacements } from './api/get-serial-replacements';
import type { IssueTarget } from './register-issue-modal';
import { ReplacementStatusPill } from './replacement-status-pill';
import { chainText, issueActionFor } from './warranty-display';
import { WarrantyStatusCard } from './warranty-status-card';

const LINK_BUTTON =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The records whose chain holds the serial: finding the new serial finds the whole chain. */
function SerialRecords({
  records,
  onOpen,
}: {
  records: Replacement[];
  onOpen: (record: Replacement) => void;
}) {
  if (records.length === 0) return null;
  return (
    <section aria-labelledby="serial-records-heading" className="space-y-2">
      <h3 id="serial-records-heading" className="text-sm font-semibold text-slate-900">
        Warranty replacements of this unit
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {records.map((record) => (
          <li key={record._id} className="flex flex-wrap items-center gap-3 px-3 py-2.5 text-sm">
            <span className="min-w-0 flex-1 font-mono break-all text-slate-900">
              {chainText(record)}
            </span>
            <ReplacementStatusPill status={record.status} />
            <span className="text-xs text-slate-500">{formatDateTime(record.registeredAt)}</span>
            <Button
              size="sm"
              variant="secondary"
              icon={<Eye aria-hidden="true" className="size-4" />}
              onClick={() => onOpen(record)}
              aria-label={`View replacement ${chainText(record)}`}
            >
              View
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a serial search shows: the product details and warranty, what the manager may do
 * about it, and the replacement records the serial belongs to.
 */
export function SerialLookupResult({
  serial,
  onIssue,
  onOpen,
}: {
  serial: string;
  onIssue: (target: IssueTarget) => void;
  onOpen: (record: Replacement) => void;
}) {
  const viewer = useSessionUser();
  const status = useWarrantyStatus(serial);
  const records = useSerialReplacements(serial);
  const recordList = records.data ?? [];

  if (status.isPending) return <Loading label="Loading product details..." />;

  const action = status.data ? issueActionFor(status.data, viewer.role) : null;
  const openRecord = (id: string) => {
    const record = recordList.find((item) => item._id === id);
    if (record) onOpen(record);
  };

  return (
    <div className="space-y-4">
      {status.isError ? (
        <Alert>{errorMessage(status.error, WARRANTY_MESSAGES.productNotFound)}</Alert>
      ) : (
        <WarrantyStatusCard
          status={status.data}
          showBranch={viewer.role === 'admin'}
          actions={
            <>
              {action?.kind === 'register' ? (
                <Button
                  icon={<TriangleAlert aria-hidden="true" className="size-4" />}
                  onClick={() => onIssue({ kind: 'register', status: status.data })}
                >
                  Register Issue
                </Button>
              ) : null}
              {action?.kind === 'claim' ? (
                <Button
                  icon={<TriangleAlert aria-hidden="true" className="size-4" />}
                  onClick={() =>
                    onIssue({
                      kind: 'claim',
                      replacementId: action.replacementId,
                      serialNumber: status.data.serialNumber,
                      productName: status.data.productName,
                    })
                  }
                >
                  Register New Issue
                </Button>
              ) : null}
              {action?.kind === 'open-claim' ? (
                <Button
                  icon={<Eye aria-hidden="true" className="size-4" />}
                  disabled={!recordList.some((item) => item._id === action.replacementId)}
                  onClick={() => openRecord(action.replacementId)}
                >
                  View Claim
                </Button>
              ) : null}
              <Link to={`/serial/${encodeURIComponent(serial)}`} className={LINK_BUTTON}>
                <FileClock aria-hidden="true" className="size-4" />
                View Unit Record
              </Link>
            </>
          }
        />
      )}
      {action?.kind === 'open-claim' ? (
        <Alert tone="info">{WARRANTY_MESSAGES.claimOpen}</Alert>
      ) : null}
      <SerialRecords records={recordList} onOpen={onOpen} />
    </div>
  );
}
