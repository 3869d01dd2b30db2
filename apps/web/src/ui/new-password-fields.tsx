import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from '../lib/class-names';
import { TextField } from './text-field';

interface PasswordField {
  /** react-hook-form's `register('…')` of the field. */
  field: UseFormRegisterReturn;
  error?: string | undefined;
}

/**
 * Spec 1 §2.11 and §2.6/§2.7: 'New Password' and 'Confirm New Password' side by side, as
 * both the own-account form and the admin's Change Password ask for them.
 */
export function NewPasswordFields({
  password,
  confirmation,
  className = 'gap-4',
}: {
  password: PasswordField;
  confirmation: PasswordField;
  /** The grid's gap. */
  className?: string;
}) {
  return (
    <div className={cx('grid sm:grid-cols-2', className)}>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder="Enter new password"
        error={password.error}
        {...password.field}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        placeholder="Confirm new password"
        error={confirmation.error}
        {...confirmation.field}
      />
    </div>
  );
}
