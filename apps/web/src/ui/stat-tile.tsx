import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

export interface StatTileProps {
  label: string;
  value: number | string;
  icon?: LucideIcon;
  /** When set, the tile is a link. */
  to?: string;
}

export function StatTile({ label, value, icon: Icon, to }: StatTileProps) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-500">{label}</p>
        {Icon ? <Icon aria-hidden="true" className="size-5 text-blue-600" /> : null}
      </div>
      <p className="mt-2 text-2xl font-semibold text-slate-900">{value}</p>
    </>
  );
  const box = 'block rounded-xl border border-slate-200 bg-white p-4 shadow-sm';
  return to ? (
    <Link to={to} className={`${box} hover:border-blue-300 hover:shadow`}>
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}
