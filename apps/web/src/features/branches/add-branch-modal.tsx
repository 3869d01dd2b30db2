import { BRANCH_MESSAGES } from '@karya/domain/branch-schemas';
import { useNotify } from '../../ui/notification-context';
import { useAddBranch } from './api/add-branch';
import { BranchFormModal } from './branch-form-modal';
import { EMPTY_BRANCH_FORM } from './branch-schemas';

/** Spec 1 §2.8: Add New Branch. */
export function AddBranchModal({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const addBranch = useAddBranch();
  return (
    <BranchFormModal
      title="Add New Branch"
      initialValues={EMPTY_BRANCH_FORM}
      failureMessage="Failed to add branch"
      onClose={onClose}
      onSave={async (values) => {
        await addBranch.mutateAsync(values);
        notify.success(BRANCH_MESSAGES.branchAdded);
        onClose();
      }}
    />
  );
}
