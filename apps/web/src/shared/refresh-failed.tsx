import { errorMessage } from '../lib/api-client';

/**
 * A failed background refetch of data a screen already shows (a form being filled): a line
 * above it, not an error in its place, so what was typed is kept; Retry reads it again.
 */
export function RefreshFailed({
  error,
  retrying,
  onRetry,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <p role="status" className="mb-3 text-sm text-amber-800">
      Could not refresh ({errorMessage(error, 'server error')}){' '}
      <button
        type="button"
        className="font-medium underline disabled:opacity-60"
        disabled={retrying}
        onClick={onRetry}
      >
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </p>
  );
}
