import { cx } from '../../lib/class-names';
import type { ImportKind, ImportKindOffer } from './api/import-types';
import { KIND_INFO } from './import-kinds';

/** Step 1: what the file holds, as cards of radio buttons (the hint says what a row is). */
export function KindPicker({
  offers,
  value,
  onChange,
  disabled,
}: {
  offers: readonly ImportKindOffer[];
  value: ImportKind | null;
  onChange: (kind: ImportKind) => void;
  disabled: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-700">What are you importing?</legend>
      <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {offers.map(({ kind, label }) => (
          <label
            key={kind}
            className={cx(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
              value === kind
                ? 'border-blue-500 bg-blue-50 ring-1 ring-blue-500'
                : 'border-slate-200 hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name="import-kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="mt-0.5 size-4 text-blue-600"
            />
            <span>
              <span className="block font-medium text-slate-900">{label}</span>
              <span className="block text-slate-500">{KIND_INFO[kind].hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
