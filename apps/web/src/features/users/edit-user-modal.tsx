import { zodResolver } from '@hookform/resolvers/zod';
import type { PublicUser } from '@karya/domain/user';
import { EMAIL_PATTERN } from '@karya/domain/user-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { type UpdateUserBody, useUpdateUser } from './api/update-user';
import { ChangePasswordSection } from './change-password-section';
import { STATUS_OPTIONS } from './new-user-fields';
import { USER_MESSAGES } from './user-schemas';

export type EditableKind = 'admin' | 'manager' | 'technician';

const TEXTS: Record<EditableKind, { title: string; saved: string; failed: string }> = {
  admin: {
    title: 'Edit Admin',
    saved: 'Admin updated successfully',
    failed: 'Failed to update user',
  },
  manager: {
    title: 'Edit Manager',
    saved: 'Manager updated successfully',
    failed: 'Failed to update manager',
  },
  technician: {
    title: 'Edit Technician',
    saved: 'Technician updated successfully',
    failed: 'Failed to update technician',
  },
};

const required = (message: string = USER_MESSAGES.required) => z.string().trim().min(1, message);

/** Spec 1 §5 "Edit manager" and "Edit technician". */
function editSchema(branchMessage: string | null) {
  return z.object({
    firstName: required(),
    lastName: required(),
    email: required().regex(EMAIL_PATTERN, USER_MESSAGES.email),
    phone: z.string().trim(),
    branch: branchMessage ? required(branchMessage) : z.string(),
    status: z.enum(['active', 'inactive']),
  });
}
type EditValues = z.infer<ReturnType<typeof editSchema>>;

export interface EditUserModalProps {
  user: PublicUser;
  kind: EditableKind;
  onClose: () => void;
}

/** Edit Manager / Edit Technician (spec 1 §2.6, §2.7), and the admin list's edit. */
export function EditUserModal({ user, kind, onClose }: EditUserModalProps) {
  const viewer = useSessionUser();
  const notify = useNotify();
  const isAdmin = viewer.role === 'admin';
  const pickBranch = kind === 'manager' || (kind === 'technician' && isAdmin);
  const branches = useBranches(pickBranch);
  const update = useUpdateUser(user._id);
  const [failure, setFailure] = useState<string | null>(null);
  const texts = TEXTS[kind];

  const branchMessage = !pickBranch
    ? null
    : kind === 'manager'
      ? USER_MESSAGES.required
      : USER_MESSAGES.selectBranch;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({
    resolver: zodResolver(editSchema(branchMessage)),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
      branch: user.branch?._id ?? '',
      status: user.status,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body: UpdateUserBody = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
    };
    if (kind !== 'admin') body.status = values.status;
    if (pickBranch) body.branch = values.branch;
    try {
      await update.mutateAsync(body);
      notify.success(texts.saved);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, texts.failed));
    }
  });

  const branchOptions = (branches.data ?? []).map((branch) => ({
    value: branch._id,
    label: branch.name,
  }));

  return (
    <Modal
      open
      onClose={onClose}
      title={texts.title}
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="edit-user-form"
            loading={isSubmitting}
            loadingText="Saving..."
          >
            Save Changes
          </Button>
        </>
      }
    >
      <form id="edit-user-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name*"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last Name*"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            label="Username"
            value={user.username}
            readOnly
            hint={USER_MESSAGES.usernameUnchangeable}
          />
          <TextField
            label="Email*"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField label="Phone" type="tel" {...register('phone')} />
          {pickBranch ? (
            <SelectField
              label="Branch*"
              placeholder="Select a branch"
              options={branchOptions}
              error={errors.branch?.message}
              {...register('branch')}
            />
          ) : null}
          {kind !== 'admin' ? (
            <SelectField label="Status" options={STATUS_OPTIONS} {...register('status')} />
          ) : null}
        </div>
      </form>
      {isAdmin && kind !== 'admin' ? (
        <div className="mt-4">
          <ChangePasswordSection userId={user._id} />
        </div>
      ) : null}
    </Modal>
  );
}
