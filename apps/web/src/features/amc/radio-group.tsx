import { useId } from 'react';

/** A labelled group of radio buttons, one option per key of `options`. */
export function RadioGroup<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  /** null: nothing chosen yet. */
  value: T | null;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label}>
      <p className="mb-1.5 text-sm font-medium text-slate-700">{label}</p>
      <div className="space-y-1.5">
        {(Object.keys(options) as T[]).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 border-slate-300 text-blue-600"
            />
            {options[option]}
          </label>
        ))}
      </div>
    </div>
  );
}
