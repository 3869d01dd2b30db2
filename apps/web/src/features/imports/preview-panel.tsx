import { CircleCheck, Download, FileWarning, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { StatTile } from '../../ui/stat-tile';
import type { ImportPreview, OnDuplicate } from './api/import-types';
import { errorRowsUrl } from './api/imports-api';
import { DuplicatesBox } from './duplicates-box';
import { KIND_INFO } from './import-kinds';
import { count } from './import-progress';
import { RowErrorsTable } from './row-errors-table';
import { SampleRowsTable } from './sample-rows-table';

/** How many rows a commit with this choice would write. */
export function rowsToImport(preview: ImportPreview, onDuplicate: OnDuplicate): number {
  return preview.toCreate + (onDuplicate === 'update' ? preview.toUpdate : 0);
}

/**
 * The preview: what the file would do before anything changes — the counts, the duplicates
 * with the choice for them, every refused row with its reason, and the commit.
 */
export function PreviewPanel({
  preview,
  committing,
  commitFailure,
  onCommit,
  onAnotherFile,
}: {
  preview: ImportPreview;
  committing: boolean;
  commitFailure: string | null;
  onCommit: (onDuplicate: OnDuplicate) => void;
  onAnotherFile: () => void;
}) {
  const [onDuplicate, setOnDuplicate] = useState<OnDuplicate>('skip');
  const rows = rowsToImport(preview, onDuplicate);
  const skipped = preview.total - rows;
  const errorRows = preview.errorRows;
  const listedAll = preview.errors.length >= errorRows;

  return (
    <section aria-label="Preview" className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Preview of {preview.fileName}</h2>
        <p className="text-sm text-slate-500">
          Nothing has changed yet. {count(preview.total)} rows read; check them before importing.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label="Rows in the file" value={count(preview.total)} />
        <StatTile label="To create" value={count(preview.toCreate)} />
        <StatTile
          label="To update"
          value={count(onDuplicate === 'update' ? preview.toUpdate : 0)}
        />
        <StatTile label="To skip" value={count(skipped)} />
      </div>
      {preview.missingColumns.length > 0 ? (
        <Alert>
          The file has no {preview.missingColumns.join(', ')} column: every row needs one. Add it to
          the file, or choose another file.
        </Alert>
      ) : null}
      {preview.duplicates > 0 ? (
        <DuplicatesBox
          count={preview.duplicates}
          rows={preview.duplicateRows}
          matchedBy={KIND_INFO[preview.kind].matchedBy}
          existing={preview.toUpdate}
          value={onDuplicate}
          onChange={setOnDuplicate}
        />
      ) : null}
      {preview.errors.length > 0 ? (
        <section aria-label="Errors" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h3 className="flex items-center gap-2 text-sm font-semibold text-red-800">
                <FileWarning aria-hidden="true" className="size-4" />
                {count(errorRows)} row{errorRows === 1 ? '' : 's'} with errors will be skipped
              </h3>
              <p className="text-sm text-slate-500">
                Download them, fix them in Excel and import that file again; the rest can go in now.
                {listedAll
                  ? ''
                  : ` The first ${preview.errors.length.toLocaleString('en-IN')} problems are listed; the file holds them all.`}
              </p>
            </div>
            <a
              href={errorRowsUrl(preview._id)}
              download
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
            >
              <Download aria-hidden="true" className="size-4" />
              Download error rows
            </a>
          </div>
          <div className="rounded-lg border border-slate-200">
            <RowErrorsTable errors={preview.errors} />
          </div>
        </section>
      ) : (
        <Alert tone="success">Every row is valid.</Alert>
      )}
      <SampleRowsTable preview={preview} />
      {commitFailure ? <Alert>{commitFailure}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Button
          onClick={() => onCommit(onDuplicate)}
          loading={committing}
          loadingText="Starting..."
          disabled={rows === 0}
          icon={<CircleCheck aria-hidden="true" className="size-4" />}
        >
          Import {count(rows)} row{rows === 1 ? '' : 's'}
        </Button>
        <Button
          variant="secondary"
          onClick={onAnotherFile}
          disabled={committing}
          icon={<Upload aria-hidden="true" className="size-4" />}
        >
          Choose another file
        </Button>
        {rows === 0 ? (
          <p className="text-sm text-slate-500">No row of this file would change anything.</p>
        ) : null}
      </div>
    </section>
  );
}
