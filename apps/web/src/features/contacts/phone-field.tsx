import { type ComponentProps, useId } from 'react';
import { cx } from '../../lib/class-names';
import { Input } from '../../ui/input';
import { COUNTRY_CODE_OPTIONS } from './contact-rules';

export interface PhoneFieldProps {
  label: string;
  /** Spread react-hook-form's register('…Code') here. */
  codeProps: ComponentProps<'select'>;
  /** Spread react-hook-form's register('…') here. */
  numberProps: ComponentProps<'input'>;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

/** Spec 1 §2.10, §9: a phone number as a country code (+91 default) plus digits. */
export function PhoneField({
  label,
  codeProps,
  numberProps,
  error,
  disabled,
  className,
}: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <select
          aria-label={`${label.replace(/\*$/, '')} country code`}
          disabled={disabled}
          className={cx(
            'block h-10 w-32 shrink-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm',
            'focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none disabled:bg-slate-100',
          )}
          {...codeProps}
        >
          {COUNTRY_CODE_OPTIONS.map((entry) => (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ))}
        </select>
        <Input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          {...numberProps}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
