import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, ChevronRight, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { NewPasswordFields } from '../../ui/new-password-fields';
import { useNotify } from '../../ui/notification-context';
import { useAdminChangePassword } from './api/admin-change-password';
import { type ResetPasswordInput, resetPasswordSchema } from './user-schemas';

/** Spec 1 §2.6/§2.7: the admin's collapsible Change Password part of an edit modal. */
export function ChangePasswordSection({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-lg border border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
        <span className="flex-1">Change Password</span>
        {open ? (
          <ChevronDown aria-hidden="true" className="size-4" />
        ) : (
          <ChevronRight aria-hidden="true" className="size-4" />
        )}
      </button>
      {open ? (
        <div id={panelId} className="border-t border-slate-200 p-4">
          <ChangePasswordForm userId={userId} onDone={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}

function ChangePasswordForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const notify = useNotify();
  const change = useAdminChangePassword(userId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  // Not a <form>: it sits inside the edit form, and forms cannot nest.
  const submit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await change.mutateAsync(newPassword);
      notify.success('Password updated successfully');
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update password'));
    }
  });

  return (
    <div className="space-y-3">
      {failure ? <Alert>{failure}</Alert> : null}
      <NewPasswordFields
        password={{ field: register('newPassword'), error: errors.newPassword?.message }}
        confirmation={{
          field: register('confirmPassword'),
          error: errors.confirmPassword?.message,
        }}
        className="gap-3"
      />
      <Button
        size="sm"
        onClick={() => void submit()}
        loading={change.isPending}
        loadingText="Updating..."
      >
        Update Password
      </Button>
    </div>
  );
}
