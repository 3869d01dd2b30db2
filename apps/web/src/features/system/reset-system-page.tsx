import {
  RESET_DELETES,
  RESET_KEEPS,
  RESET_MESSAGES,
  RESET_REDIRECT_DELAY_MS,
  type ResetResult,
  resetSuccessMessage,
} from '@karya/domain/system-schemas';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { useSessionUser } from '../../lib/use-session-user';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { Loading } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useResetStatus } from './api/get-reset-status';
import { useResetSystem } from './api/reset-system';

/**
 * Spec 2 §2 Reset System page and §4 reset flow: the password, a local check that it is not
 * empty, the confirmation, the server call, then the notice and /login after 3 seconds.
 * Unlike the system the spec describes, the password is known only to the server
 * (RESET_PASSWORD); any logged-in user may open the page, only an admin gets the form.
 */
export function ResetSystemPage() {
  const user = useSessionUser();
  const isAdmin = user.role === 'admin';
  const status = useResetStatus(isAdmin);

  return (
    <>
      <PageHeader title={RESET_MESSAGES.title} />
      <Card className="max-w-2xl">
        <div className="space-y-5">
          <div className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 space-y-2">
              <p className="font-semibold">
                This will permanently delete all data except a default admin account.
              </p>
              {/* The list is the reset's own (the server's test holds it to the tables it empties). */}
              <p>Deleted:</p>
              <ul aria-label="What a reset deletes" className="list-disc space-y-0.5 pl-5">
                {RESET_DELETES.map((line) => (
                  <li key={line.what}>{line.what}</li>
                ))}
              </ul>
              <p>{RESET_KEEPS} This action cannot be undone from the app.</p>
              <p className="text-red-700">
                The server writes a backup of the database before deleting anything
                {status.data
                  ? `, and keeps the newest ${status.data.backupKeep} backup${status.data.backupKeep === 1 ? '' : 's'}: older ones are deleted (BACKUP_KEEP).`
                  : '.'}
              </p>
            </div>
          </div>
          {!isAdmin ? (
            <Alert tone="warning">{RESET_MESSAGES.adminOnly}</Alert>
          ) : status.isPending ? (
            <Loading />
          ) : status.isError ? (
            <Alert>{errorMessage(status.error, 'Server error. Please try again later.')}</Alert>
          ) : !status.data.enabled ? (
            <Alert tone="warning">
              {RESET_MESSAGES.notEnabled}. Set RESET_PASSWORD in the server's environment to enable
              it.
            </Alert>
          ) : (
            <ResetForm />
          )}
        </div>
      </Card>
    </>
  );
}

function ResetForm() {
  const { logout } = useAuth();
  const notify = useNotify();
  const reset = useResetSystem();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<ResetResult | null>(null);

  // Spec 2 §9: the redirect to /login 3 seconds after the success notice.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void logout(), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, logout]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setFieldError(RESET_MESSAGES.passwordRequired);
      return;
    }
    setFieldError(null);
    setConfirming(true);
  };

  const onConfirm = () => {
    reset.mutate(password, {
      onSuccess: (result) => {
        setConfirming(false);
        setDone(result);
        notify.success(resetSuccessMessage(result.backup.file));
      },
      onError: (error) => {
        setConfirming(false);
        setPassword('');
        const message =
          error instanceof ApiError && error.isNetworkError
            ? RESET_MESSAGES.unexpected
            : errorMessage(error, RESET_MESSAGES.failed);
        const onField = error instanceof ApiError && error.fieldErrors.length > 0;
        setFieldError(onField ? message : null);
        setFailure(onField ? null : message);
      },
    });
  };

  if (done) {
    return (
      <Alert tone="success">
        <p className="font-medium wrap-anywhere">{resetSuccessMessage(done.backup.file)}</p>
        <p className="mt-1">{done.totalDeleted} records deleted.</p>
      </Alert>
    );
  }

  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={RESET_MESSAGES.passwordLabel}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldError(null);
          }}
          error={fieldError ?? undefined}
          className="max-w-sm"
        />
        <Button type="submit" variant="danger">
          {RESET_MESSAGES.resetButton}
        </Button>
      </form>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={RESET_MESSAGES.confirmTitle}
        size="sm"
        dismissible={!reset.isPending}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirming(false)}
              disabled={reset.isPending}
            >
              {RESET_MESSAGES.cancel}
            </Button>
            <Button
              variant="danger"
              onClick={onConfirm}
              loading={reset.isPending}
              loadingText={RESET_MESSAGES.resetting}
            >
              {RESET_MESSAGES.confirm}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          All data except the default admin account will be deleted and every user signed out. This
          cannot be undone.
        </p>
      </Modal>
    </>
  );
}
