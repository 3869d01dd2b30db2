import type { ComponentProps } from 'react';
import { cx } from '../lib/class-names';

export interface InputProps extends ComponentProps<'input'> {
  invalid?: boolean;
}

export function Input({ invalid = false, className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cx(
        'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm',
        'placeholder:text-slate-400 focus:outline-none focus:ring-2',
        'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
        'read-only:bg-slate-50',
        invalid
          ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
          : 'border-slate-300 focus:border-blue-500 focus:ring-blue-500/20',
        className,
      )}
      {...rest}
    />
  );
}
