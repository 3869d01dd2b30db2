import { useId } from 'react';
import { Input, type InputProps } from './input';

export interface TextFieldProps extends Omit<InputProps, 'invalid'> {
  label: string;
  /** Shown under the field and linked to it; usually `errors.<name>?.message`. */
  error?: string | undefined;
  hint?: string;
}

/**
 * A labelled input. Spread react-hook-form's `register('name')` into it: the ref reaches
 * the <input> because React 19 passes `ref` as an ordinary prop.
 */
export function TextField({ label, error, hint, id, className, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <Input id={inputId} invalid={Boolean(error)} aria-describedby={describedBy} {...rest} />
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
