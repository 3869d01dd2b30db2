import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

/** A horizontally scrollable table with the house look; rows are the caller's. */
export function Table({
  columns,
  children,
  label,
}: {
  columns: readonly string[];
  children: ReactNode;
  label?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <td className={cx('px-4 py-3 whitespace-nowrap text-slate-700', className)}>{children}</td>
  );
}
