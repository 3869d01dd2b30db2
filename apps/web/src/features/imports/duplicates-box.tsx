import { useId } from 'react';
import type { DuplicateRow, OnDuplicate } from './api/import-types';

const SHOWN = 8;

/**
 * Rows that repeat an earlier row of the file or a record Karya has, and — when some match a
 * record — what to do with those: leave Karya's record as it is, or update it from the file.
 */
export function DuplicatesBox({
  count,
  rows,
  matchedBy,
  existing,
  value,
  onChange,
}: {
  count: number;
  rows: readonly DuplicateRow[];
  matchedBy: string;
  /** Rows of a record Karya already has: the ones the choice is about. */
  existing: number;
  value: OnDuplicate;
  onChange: (value: OnDuplicate) => void;
}) {
  const name = useId();
  return (
    <section
      aria-label="Duplicates"
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <h3 className="text-sm font-semibold text-amber-900">
        {count.toLocaleString('en-IN')} duplicate{count === 1 ? '' : 's'} found by {matchedBy}
      </h3>
      <ul className="space-y-0.5 text-sm text-amber-900">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={`${row.row}-${row.column}`}>
            Row {row.row}
            {row.column ? ` · ${row.column}` : ''} · {row.message}
          </li>
        ))}
        {count > SHOWN ? <li>and {(count - SHOWN).toLocaleString('en-IN')} more</li> : null}
      </ul>
      {existing > 0 ? (
        <div className="space-y-2">
          <p className="text-sm text-amber-900">
            {existing.toLocaleString('en-IN')} row{existing === 1 ? ' is' : 's are'} already in
            Karya. A row repeated within the file is imported once.
          </p>
          <div
            role="radiogroup"
            aria-label="Rows already in Karya"
            className="flex flex-wrap gap-4"
          >
            {(
              [
                ['skip', 'Skip duplicates'],
                ['update', 'Update existing'],
              ] as const
            ).map(([option, label]) => (
              <label
                key={option}
                className="flex items-center gap-2 text-sm font-medium text-slate-800"
              >
                <input
                  type="radio"
                  name={name}
                  checked={value === option}
                  onChange={() => onChange(option)}
                  className="size-4 text-blue-600"
                />
                {label}
              </label>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
