import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DARK_SECONDARY } from '../../ui/dashboard-panels';
import { Loading } from '../../ui/spinner';
import { TECHNICIAN_TEXT as TEXT } from './technician-messages';
import type { ListState } from './use-technician-projects';

/** Spec 2 §8: the network has its own sentence; otherwise the server's message is quoted. */
export function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return TEXT.loadFailedNetwork;
  const message = error instanceof Error ? error.message.trim() : '';
  return TEXT.loadFailed(message || TEXT.unknownError);
}

/**
 * Loading, then the list; a failed first load shows the error with Try again; a failed
 * refresh keeps the cached copy on screen under a warning (spec 2 §8).
 */
export function ListStateGate({ state, children }: { state: ListState; children: ReactNode }) {
  const hasData = state.hasData;
  if (state.loading && !hasData) return <Loading label={TEXT.loading} />;
  if (state.error && !hasData)
    return (
      <div className="space-y-3">
        <Alert>{loadFailure(state.error)}</Alert>
        <Button
          variant="secondary"
          className={DARK_SECONDARY}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={state.refetch}
          loading={state.refetching}
        >
          Try again
        </Button>
      </div>
    );
  return (
    <>
      {state.error ? <Alert tone="warning">{loadFailure(state.error)}</Alert> : null}
      {children}
    </>
  );
}
