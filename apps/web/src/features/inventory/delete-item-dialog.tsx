import { fullName } from '@karya/domain/user';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useNotify } from '../../ui/notification-context';
import { useDeleteInventory } from './api/delete-inventory';

/**
 * Spec 2 §5 'Delete item': '{user}, are you sure you want to delete the item "{item}"?'.
 * The server refuses an item with stock; its message reaches the user as it is.
 */
export function DeleteItemDialog({
  item,
  fallbackError = 'Failed to delete item.',
  onClose,
}: {
  item: { _id: string; name: string };
  /** Spec 2 §8: the catalogue's fallback ends with a full stop, the services list's does not. */
  fallbackError?: string;
  onClose: () => void;
}) {
  const viewer = useSessionUser();
  const notify = useNotify();
  const deleteItem = useDeleteInventory();

  const confirm = async () => {
    try {
      await deleteItem.mutateAsync(item._id);
      notify.success('Item deleted successfully');
    } catch (error) {
      notify.error(errorMessage(error, fallbackError));
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title="Delete Item"
      message={`${fullName(viewer)}, are you sure you want to delete the item "${item.name}"?`}
      confirmLabel="Yes, Delete"
      cancelLabel="No"
      tone="danger"
      loading={deleteItem.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
