import { useState } from 'react';
import { useAuth } from '../../lib/auth-context';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec 1 §2.3: logout always asks first, for every role. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const { logout } = useAuth();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const confirm = async () => {
    setIsLoggingOut(true);
    try {
      await logout();
    } finally {
      setIsLoggingOut(false);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Confirm Logout"
      message="Are you sure you want to logout from your account?"
      confirmLabel="Logout"
      cancelLabel="Cancel"
      tone="danger"
      loading={isLoggingOut}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
