import { LoaderCircle } from 'lucide-react';
import { cx } from '../lib/class-names';

export interface SpinnerProps {
  className?: string;
}

/** Decorative: whatever shows it also says in words what is loading. */
export function Spinner({ className }: SpinnerProps) {
  return <LoaderCircle aria-hidden="true" className={cx('size-4 animate-spin', className)} />;
}

export interface LoadingProps {
  label?: string;
  /** Fill the whole viewport (session restore) rather than the content area. */
  fullScreen?: boolean;
}

export function Loading({ label = 'Loading...', fullScreen = false }: LoadingProps) {
  return (
    <div
      className={cx(
        'flex items-center justify-center gap-2 p-8 text-sm text-slate-500',
        fullScreen && 'min-h-dvh',
      )}
    >
      <Spinner className="size-5 text-blue-600" />
      <span>{label}</span>
    </div>
  );
}
