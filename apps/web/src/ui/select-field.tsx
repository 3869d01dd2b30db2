import { type ComponentProps, useId } from 'react';
import { cx } from '../lib/class-names';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  options: readonly SelectOption[];
  /** A first, empty choice such as 'Select a branch'. */
  placeholder?: string;
  error?: string | undefined;
  /** Visually hide the label (it still names the control). */
  hideLabel?: boolean;
}

/** A labelled native select; spread react-hook-form's `register('name')` into it. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hideLabel = false,
  id,
  className,
  ...rest
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label
        htmlFor={selectId}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-700'}
      >
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(
          'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm',
          'focus:outline-none focus:ring-2 disabled:bg-slate-100',
          error
            ? 'border-red-400 focus:ring-red-500/20'
            : 'border-slate-300 focus:border-blue-500 focus:ring-blue-500/20',
        )}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
