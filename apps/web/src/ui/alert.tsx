import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}

const TONES: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  warning: { box: 'border-yellow-200 bg-yellow-50 text-yellow-800', Icon: TriangleAlert },
  info: { box: 'border-blue-200 bg-blue-50 text-blue-800', Icon: Info },
};

/** An inline banner, e.g. a form's error above its fields. Errors are announced at once. */
export function Alert({ tone = 'error', children, className }: AlertProps) {
  const { box, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
