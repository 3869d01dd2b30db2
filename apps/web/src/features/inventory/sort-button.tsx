import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

/** A sortable column's header: arrows show which column sorts, and which way. */
export function SortButton({
  label,
  active,
  ascending,
  onClick,
}: {
  label: string;
  active: boolean;
  ascending: boolean;
  onClick: () => void;
}) {
  const Icon = !active ? ArrowUpDown : ascending ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 font-semibold tracking-wide uppercase hover:text-slate-800"
    >
      {label}
      <Icon aria-hidden="true" className={active ? 'size-3.5 text-blue-600' : 'size-3.5'} />
    </button>
  );
}
