import { cx } from '../../lib/class-names';

export interface FilterChip<T extends string> {
  value: T;
  label: string;
  /** Shown after the label once known. */
  count?: number | null;
}

/** A row of toggle chips choosing one filter of a list. */
export function FilterChips<T extends string>({
  label,
  chips,
  value,
  onChange,
}: {
  label: string;
  chips: ReadonlyArray<FilterChip<T>>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
    >
      {chips.map((chip) => (
        <button
          key={chip.value}
          type="button"
          aria-pressed={value === chip.value}
          onClick={() => onChange(chip.value)}
          className={cx(
            'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
            value === chip.value ? 'bg-white text-blue-700 shadow-sm' : 'text-slate-600',
          )}
        >
          {chip.label}
          {chip.count !== undefined && chip.count !== null ? (
            <span
              className={cx(
                'rounded-full px-1.5 text-xs',
                value === chip.value ? 'bg-blue-100 text-blue-700' : 'bg-slate-200 text-slate-600',
              )}
            >
              {chip.count}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
