import { Building2, ChevronRight, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { Branch } from '../../shared/get-branches';
import { StatusBadge } from '../../ui/status-badge';

/** Spec 1 §2.8: one branch card, a link to its details. */
export function BranchCard({ branch }: { branch: Branch }) {
  const figures: Array<[string, string | number]> = [
    ['Manager', branch.manager || 'None'],
    ['Technicians', branch.technicians ?? 0],
    ['Customers', branch.customers ?? 0],
    ['Projects', branch.projects ?? 0],
  ];
  return (
    <Link
      to={`/branches/${branch._id}`}
      className="block rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="rounded-lg bg-blue-50 p-2 text-blue-600">
            <Building2 aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-slate-900">{branch.name}</h2>
            <p className="flex items-center gap-1 truncate text-sm text-slate-500">
              <MapPin aria-hidden="true" className="size-3.5" />
              {branch.location}
            </p>
          </div>
        </div>
        <StatusBadge status={branch.status} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="truncate font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 flex items-center gap-1 text-sm font-medium text-blue-600">
        Click to view details
        <ChevronRight aria-hidden="true" className="size-4" />
      </p>
    </Link>
  );
}
