import { type FieldErrors, useFormContext } from 'react-hook-form';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';

/** The fields every "add user" form shares (spec 1 §5 "Add admin" and the ones after it). */
interface NewUserValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  status: 'active' | 'inactive';
}

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** Render inside a react-hook-form <FormProvider>. */
export function NewUserFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<NewUserValues>();
  const error = (name: keyof NewUserValues) =>
    (errors as FieldErrors<NewUserValues>)[name]?.message;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First Name*"
        placeholder="Enter first name"
        error={error('firstName')}
        {...register('firstName')}
      />
      <TextField
        label="Last Name*"
        placeholder="Enter last name"
        error={error('lastName')}
        {...register('lastName')}
      />
      <TextField
        label="Username*"
        placeholder="Enter username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        error={error('username')}
        {...register('username')}
      />
      <TextField
        label="Email*"
        type="email"
        placeholder="Enter email address"
        error={error('email')}
        {...register('email')}
      />
      <TextField
        label="Password*"
        type="password"
        placeholder="Enter password"
        autoComplete="new-password"
        error={error('password')}
        {...register('password')}
      />
      <TextField
        label="Confirm Password*"
        type="password"
        placeholder="Confirm password"
        autoComplete="new-password"
        error={error('confirmPassword')}
        {...register('confirmPassword')}
      />
      <TextField
        label="Phone"
        type="tel"
        placeholder="Enter phone number"
        error={error('phone')}
        {...register('phone')}
      />
      <SelectField label="Status" options={STATUS_OPTIONS} {...register('status')} />
    </div>
  );
}
