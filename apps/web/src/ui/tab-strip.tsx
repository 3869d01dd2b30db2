import { cx } from '../lib/class-names';

export interface TabOption<T extends string> {
  value: T;
  label: string;
}

/** A row of underlined tabs over one panel (ARIA tablist); the caller draws the panel. */
export function TabStrip<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
  tall = false,
}: {
  /** The tablist's accessible name. */
  label: string;
  tabs: ReadonlyArray<TabOption<T>>;
  value: T;
  onChange: (value: T) => void;
  /** Spacing of the strip in its place, e.g. 'mb-4' in a dialog, 'px-4' in a card. */
  className?: string;
  /** Taller tabs, for a strip across a card. */
  tall?: boolean;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cx('flex gap-1 border-b border-slate-200', className)}
    >
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={value === tab.value}
          onClick={() => onChange(tab.value)}
          className={cx(
            '-mb-px border-b-2 px-3 text-sm font-medium',
            tall ? 'py-2.5' : 'py-2',
            value === tab.value
              ? 'border-blue-600 text-blue-700'
              : 'border-transparent text-slate-500 hover:text-slate-800',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The label of the tab showing, for its panel's accessible name. */
export function tabLabel<T extends string>(tabs: ReadonlyArray<TabOption<T>>, value: T) {
  return tabs.find((tab) => tab.value === value)?.label;
}
