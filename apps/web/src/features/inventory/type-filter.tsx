import { cx } from '../../lib/class-names';
import { TYPE_FILTERS, type TypeFilter } from './inventory-constants';

/** All / Serialized / Generic / Services, as chips (catalogue) or tabs (branch inventory). */
export function TypeFilterChips({
  value,
  onChange,
  label,
  counts,
}: {
  value: TypeFilter;
  onChange: (value: TypeFilter) => void;
  label: string;
  counts?: Partial<Record<TypeFilter, number>>;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
    <div role="group" aria-label={label} className="flex gap-1 rounded-lg bg-slate-100 p-1">
      {TYPE_FILTERS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            value === option.value ? 'bg-white text-blue-700 shadow-sm' : 'text-slate-600',
          )}
        >
          {option.label}
          {counts?.[option.value] === undefined ? null : (
            <span className="ml-1.5 text-xs text-slate-400">{counts[option.value]}</span>
          )}
        </button>
      ))}
    </div>
  );
}
