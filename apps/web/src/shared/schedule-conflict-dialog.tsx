import type { ScheduleConflict } from '@karya/domain/schedule';
import { ApiError } from '../lib/api-client';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/**
 * A 409 that lists what the time clashes with: the board and the Assign Technician dialog
 * ask 'Schedule anyway?'.
 */
export function conflictsOf(error: unknown): ScheduleConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = error.details.conflicts;
  return Array.isArray(conflicts) && conflicts.length > 0
    ? (conflicts as ScheduleConflict[])
    : null;
}

/**
 * The server found the time clashes (issue 34): each clash in its words, and the choice to
 * book it anyway (recorded in the order's history) or leave things as they were.
 */
export function ConflictDialog({
  orderId,
  conflicts,
  saving,
  onCancel,
  onConfirm,
}: {
  orderId: string;
  conflicts: readonly ScheduleConflict[];
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open
      size="sm"
      onClose={onCancel}
      dismissible={!saving}
      title="Schedule anyway?"
      description={`This time clashes with the technician’s day for ${orderId}:`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={saving} loadingText="Scheduling...">
            Schedule anyway
          </Button>
        </>
      }
    >
      <ul aria-label="Conflicts" className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {conflicts.map((conflict) => (
          <li key={`${conflict.kind}-${conflict.message}`}>{conflict.message}</li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">
        Scheduling anyway is written in the order&apos;s history.
      </p>
    </Modal>
  );
}
