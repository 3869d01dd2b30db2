import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useNotify } from '../../ui/notification-context';
import { TextField } from '../../ui/text-field';
import { type ChangePasswordInput, changePasswordSchema } from './account-schemas';
import { useChangeOwnPassword } from './api/change-own-password';

/** Spec 1 §2.11: change own password (current password checked by the server). */
export function PasswordForm({ userId }: { userId: string }) {
  const notify = useNotify();
  const change = useChangeOwnPassword(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      notify.success('Password changed successfully');
      reset();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to change password'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change Password">
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter current password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        password={{ field: register('newPassword'), error: errors.newPassword?.message }}
        confirmation={{
          field: register('confirmPassword'),
          error: errors.confirmPassword?.message,
        }}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} loadingText="Changing...">
          Change Password
        </Button>
      </div>
    </form>
  );
}
