import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { NewUserFields } from './new-user-fields';
import { addManagerSchema, addTechnicianSchema, USER_MESSAGES } from './user-schemas';

export interface NewUserBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  phone: string;
  branch: string;
  status: 'active' | 'inactive';
}

type NewUserFormValues = NewUserBody & { confirmPassword: string };

export interface AddUserModalProps {
  title: string;
  submitLabel: string;
  failureFallback: string;
  /** Admins pick a branch; a manager's technicians join the manager's own branch. */
  pickBranch: boolean;
  /** 'manager' needs the generic required message, 'technician' 'Please select a branch'. */
  kind: 'manager' | 'technician';
  defaultBranch?: string | undefined;
  onSubmit: (body: NewUserBody) => Promise<unknown>;
  onClose: () => void;
}

/** Add Manager / Add Technician (spec 1 §2.6, §2.7, §5). */
export function AddUserModal({
  title,
  submitLabel,
  failureFallback,
  pickBranch,
  kind,
  defaultBranch,
  onSubmit,
  onClose,
}: AddUserModalProps) {
  const branches = useBranches(pickBranch);
  const [failure, setFailure] = useState<string | null>(null);
  const schema: z.ZodType<NewUserFormValues, NewUserFormValues> =
    kind === 'manager' ? addManagerSchema : addTechnicianSchema(pickBranch);
  const form = useForm<NewUserFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: '',
      lastName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      phone: '',
      branch: defaultBranch ?? '',
      status: 'active',
    },
  });
  const isSubmitting = form.formState.isSubmitting;
  const branchList = branches.data ?? [];
  const noBranches = pickBranch && branches.isSuccess && branchList.length === 0;

  const submit = form.handleSubmit(async ({ confirmPassword: _, ...body }) => {
    setFailure(null);
    try {
      await onSubmit(body);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, failureFallback));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="add-user-form"
            loading={isSubmitting}
            loadingText="Saving..."
            disabled={noBranches}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="add-user-form" onSubmit={submit} noValidate className="space-y-4">
          {failure ? <Alert>{failure}</Alert> : null}
          {noBranches ? <Alert tone="warning">{USER_MESSAGES.noBranches}</Alert> : null}
          {branches.isError && !branches.data ? (
            <Alert>
              {errorMessage(branches.error, 'Failed to fetch branches. Please try again.')}
            </Alert>
          ) : null}
          <NewUserFields />
          {pickBranch ? (
            <SelectField
              label="Branch*"
              placeholder="Select a branch"
              options={branchList.map((branch) => ({ value: branch._id, label: branch.name }))}
              error={form.formState.errors.branch?.message}
              className="sm:w-1/2 sm:pr-2"
              {...form.register('branch')}
            />
          ) : null}
        </form>
      </FormProvider>
    </Modal>
  );
}
