import { useState } from 'react';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import type { ImportPreview } from './api/import-types';
import {
  type ColumnMapping,
  chooseColumn,
  columnsFor,
  IGNORE,
  initialMapping,
  mappingBody,
  mappingComplete,
} from './column-mapping';

/**
 * The file has headers the server did not recognise: the user says which column each is, or
 * ignores it, and the file is read again with that answer.
 */
export function MappingStep({
  preview,
  unmatched,
  busy,
  onMapped,
  onAnotherFile,
}: {
  preview: ImportPreview;
  /** The headers to ask about: those not answered before. */
  unmatched: ImportPreview['unmatched'];
  busy: boolean;
  onMapped: (mapping: Record<string, string>) => void;
  onAnotherFile: () => void;
}) {
  const [mapping, setMapping] = useState<ColumnMapping>(() =>
    initialMapping(unmatched.map(({ header }) => header)),
  );
  const labelOf = (key: string) =>
    preview.columns.find((column) => column.key === key)?.label ?? key;
  const complete = mappingComplete(mapping);
  return (
    <section aria-label="Match the columns" className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Match the columns</h2>
        <p className="text-sm text-slate-500">
          {preview.fileName} has {unmatched.length === 1 ? 'a column' : 'columns'} Karya does not
          recognise. Say what each one holds, or ignore it.
        </p>
      </div>
      <div className="space-y-3">
        {unmatched.map(({ header, candidates }) => (
          <div
            key={header}
            className="grid items-center gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
          >
            <p className="text-sm font-medium break-words text-slate-900">“{header}”</p>
            <SelectField
              label={`Column for “${header}”`}
              hideLabel
              placeholder="Choose a column..."
              options={[
                ...columnsFor(header, candidates, mapping).map((key) => ({
                  value: key,
                  label: labelOf(key),
                })),
                { value: IGNORE, label: 'Ignore this column' },
              ]}
              value={mapping[header] ?? ''}
              onChange={(event) => setMapping(chooseColumn(mapping, header, event.target.value))}
              disabled={busy}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => onMapped(mappingBody(mapping))}
          disabled={!complete}
          loading={busy}
          loadingText="Checking..."
        >
          Preview again
        </Button>
        <Button variant="secondary" onClick={onAnotherFile} disabled={busy}>
          Choose another file
        </Button>
        {complete ? null : (
          <p className="text-sm text-slate-500">Choose a column or ‘Ignore’ for each.</p>
        )}
      </div>
    </section>
  );
}
