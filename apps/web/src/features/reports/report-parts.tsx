import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { Td } from '../../ui/table';

/** A report's loading, failure and stale states around what it draws once its answer is in. */
export function ReportState<T>({
  query,
  what,
  children,
}: {
  query: {
    data: T | undefined;
    error: unknown;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** 'the sales report' */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending && !query.data) return <Loading label={`Loading ${what}...`} />;
  if (!query.data || (query.isError && query.isPlaceholderData)) {
    return (
      <div className="space-y-3 p-4 sm:p-5">
        <Alert>
          {errorMessage(
            query.error,
            `Could not load ${what}. Check your connection and press Try again.`,
          )}
        </Alert>
        <Button variant="secondary" loading={query.isFetching} onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const stale = query.isPlaceholderData;
  return (
    <div className={cx(stale && 'opacity-60')} aria-busy={stale || undefined}>
      {query.isError ? (
        <Alert tone="warning" className="m-4">
          {errorMessage(query.error, `Could not refresh ${what}; these are the last figures.`)}
        </Alert>
      ) : null}
      {children(query.data)}
    </div>
  );
}

/** A figure cell: digits of one width, so columns of figures line up. */
export function Num({ children, className }: { children: ReactNode; className?: string }) {
  return <Td className={cx('tabular-nums', className)}>{children}</Td>;
}

/** A section's heading inside a report card. */
export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h3 id={id} className="px-4 pt-5 pb-2 text-sm font-semibold text-slate-900 sm:px-5">
      {children}
    </h3>
  );
}
