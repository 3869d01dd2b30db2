import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Set false for content that brings its own padding, such as a full-width table. */
  padded?: boolean;
}

export function Card({ title, actions, children, className, padded = true }: CardProps) {
  return (
    <section className={cx('rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      {title || actions ? (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 sm:px-5">
          {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : <span />}
          {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
        </header>
      ) : null}
      <div className={padded ? 'p-4 sm:p-5' : undefined}>{children}</div>
    </section>
  );
}
