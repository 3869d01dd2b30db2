import { BRANCH_MESSAGES, type BranchSummary } from '@karya/domain/branch-schemas';
import { useNotify } from '../../ui/notification-context';
import { useUpdateBranch } from './api/update-branch';
import { BranchFormModal } from './branch-form-modal';

/** Edit Branch: an admin changes a branch's details and its UPI payee (issue 7). */
export function EditBranchModal({
  branch,
  onClose,
}: {
  branch: BranchSummary;
  onClose: () => void;
}) {
  const notify = useNotify();
  const updateBranch = useUpdateBranch(branch._id);
  return (
    <BranchFormModal
      title="Edit Branch"
      initialValues={{
        name: branch.name,
        location: branch.location,
        address: branch.address,
        phone: branch.phone,
        status: branch.status,
        upiVpa: branch.upiVpa ?? '',
        upiName: branch.upiName ?? '',
        gstin: branch.gstin ?? '',
        stateCode: branch.stateCode ?? '',
        invoicePrefix: branch.invoicePrefix ?? '',
        requireSignature: branch.requireSignature,
      }}
      failureMessage="Failed to update branch"
      onClose={onClose}
      onSave={async (values) => {
        await updateBranch.mutateAsync(values);
        notify.success(BRANCH_MESSAGES.branchUpdated);
        onClose();
      }}
    />
  );
}
