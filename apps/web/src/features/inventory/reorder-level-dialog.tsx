import { REPORT_MESSAGES, reorderLevelInput } from '@karya/domain/report-schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { TextField } from '../../ui/text-field';
import { useSetReorderLevel } from './api/reorder-levels';

/** A typed level as the server takes it: whole digits only ('5', not '5.0', '1e3' or ''). */
export function parseLevel(text: string): { level: number } | { error: string } {
  const trimmed = text.trim();
  const parsed = reorderLevelInput.shape.level.safeParse(
    /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN,
  );
  return parsed.success
    ? { level: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? REPORT_MESSAGES.levelRange };
}

/**
 * Issue 38: an item's reorder level in the branch. Below it, on the branch's shelf, the item
 * shows 'Low stock' here, on the dashboard and in the stock report; 0 clears it.
 */
export function ReorderLevelDialog({
  item,
  branchId,
  current,
  onClose,
}: {
  item: { _id: string; name: string; unit: string };
  branchId: string;
  /** The level set now; undefined: none. */
  current: number | undefined;
  onClose: () => void;
}) {
  const notify = useNotify();
  const save = useSetReorderLevel();
  const [text, setText] = useState(current === undefined ? '' : String(current));
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLevel(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    setFailure(null);
    try {
      await save.mutateAsync({ itemId: item._id, branchId, level: parsed.level });
      notify.success(REPORT_MESSAGES.levelSaved);
      onClose();
    } catch (cause) {
      setFailure(errorMessage(cause, 'Could not save the reorder level. Please try again.'));
    }
  };

  return (
    <Modal
      open
      size="sm"
      title={`Reorder level: ${item.name}`}
      description="When the branch holds fewer than this, the item shows as Low stock. Enter 0 to clear it."
      onClose={onClose}
      dismissible={!save.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="reorder-level-form" loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="reorder-level-form" noValidate onSubmit={(event) => void submit(event)}>
        {failure ? <Alert className="mb-3">{failure}</Alert> : null}
        <TextField
          label="Reorder level"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          hint={`In ${item.unit || 'units'}, on the branch's shelf (vans not counted)`}
          autoFocus
        />
      </form>
    </Modal>
  );
}
