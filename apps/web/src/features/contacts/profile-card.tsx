import type { ReactNode } from 'react';

/** The profile block at the top of the Lead and Customer Details modals. */
export function ProfileCard({
  name,
  subtitle,
  badges,
  rows,
  actions,
}: {
  name: string;
  subtitle: string;
  badges: ReactNode;
  rows: Array<[string, ReactNode]>;
  actions?: ReactNode;
}) {
  return (
    <section aria-label="Profile" className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-blue-600 text-lg font-semibold text-white"
          >
            {name.charAt(0).toUpperCase() || '?'}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
            <p className="text-sm text-slate-500">{subtitle}</p>
            <div className="mt-1 flex flex-wrap gap-1.5">{badges}</div>
          </div>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
