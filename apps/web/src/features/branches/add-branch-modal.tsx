import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useAddBranch } from './api/add-branch';
import { type AddBranchInput, addBranchSchema } from './branch-schemas';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Spec 1 §2.8: Add New Branch. */
export function AddBranchModal({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const addBranch = useAddBranch();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AddBranchInput>({
    resolver: zodResolver(addBranchSchema),
    defaultValues: { name: '', location: '', address: '', phone: '', status: 'active' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await addBranch.mutateAsync(values);
      notify.success('Branch added successfully');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add branch'));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      title="Add New Branch"
      size="md"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="add-branch-form"
            loading={isSubmitting}
            loadingText="Saving..."
          >
            Save Branch
          </Button>
        </>
      }
    >
      <form id="add-branch-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="Branch Name*"
          placeholder="Enter branch name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Location*"
          placeholder="Enter location"
          error={errors.location?.message}
          {...register('location')}
        />
        <TextField label="Address" placeholder="Enter address" {...register('address')} />
        <TextField
          label="Phone Number"
          type="tel"
          placeholder="Enter phone number"
          {...register('phone')}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} {...register('status')} />
      </form>
    </Modal>
  );
}
