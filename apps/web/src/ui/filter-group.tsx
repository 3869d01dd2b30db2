import { cx } from '../lib/class-names';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
  /** Shown after the label, e.g. how many rows the option holds. */
  count?: number;
}

export interface FilterGroupProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  options: ReadonlyArray<FilterOption<T>>;
  /** The pressed option; null: none. */
  value: T | null;
  onChange: (value: T) => void;
  /** Lets the buttons wrap onto more lines when the row is too narrow. */
  wrap?: boolean;
}

/** A row of toggle buttons that picks one of a few filters (tabs or chips of a list). */
export function FilterGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  wrap = false,
}: FilterGroupProps<T>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset
    <div
      role="group"
      aria-label={label}
      className={cx('flex', wrap && 'flex-wrap', 'gap-1 rounded-lg bg-slate-100 p-1')}
    >
      {options.map((option) => (
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
          {option.count === undefined ? null : (
            <span className="ml-1.5 text-xs text-slate-400">{option.count}</span>
          )}
        </button>
      ))}
    </div>
  );
}
