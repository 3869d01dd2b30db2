import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { type BranchFormInput, branchFormSchema } from './branch-schemas';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export interface BranchFormModalProps {
  title: string;
  initialValues: BranchFormInput;
  /** Resolves when the server has saved; a rejection is shown above the form. */
  onSave: (values: BranchFormInput) => Promise<void>;
  failureMessage: string;
  onClose: () => void;
}

/**
 * Spec 1 §2.8's branch form, shared by Add New Branch and Edit Branch. The UPI payee is
 * ours (issue 7): bills of a branch without one use the server's default payee.
 */
export function BranchFormModal({
  title,
  initialValues,
  onSave,
  failureMessage,
  onClose,
}: BranchFormModalProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BranchFormInput>({
    resolver: zodResolver(branchFormSchema),
    defaultValues: initialValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      setFailure(errorMessage(error, failureMessage));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="md"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="branch-form" loading={isSubmitting} loadingText="Saving...">
            Save Branch
          </Button>
        </>
      }
    >
      <form id="branch-form" onSubmit={onSubmit} noValidate className="space-y-4">
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
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">UPI payment</legend>
          <TextField
            label="UPI ID"
            placeholder="e.g. shop@okaxis"
            autoComplete="off"
            hint="Customers pay this UPI ID when a bill is paid online. Leave blank to use the default."
            error={errors.upiVpa?.message}
            {...register('upiVpa')}
          />
          <TextField
            label="UPI Payee Name"
            placeholder="Name shown in the customer's UPI app"
            autoComplete="off"
            {...register('upiName')}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
