import { CircleCheck, CircleX, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Loading } from '../../ui/spinner';
import { StatTile } from '../../ui/stat-tile';
import { type ImportRun, isFinished } from './api/import-types';
import { errorRowsUrl, useImportRun } from './api/imports-api';
import { KIND_INFO } from './import-kinds';
import {
  count,
  durationText,
  type ProgressSample,
  progressOf,
  rateText,
  withSample,
} from './import-progress';

/**
 * A committed import, by its id in the address: the bar while it runs (a reload finds it
 * again), then what landed and where to find it.
 */
export function ImportProgressPanel({ id, onAnother }: { id: string; onAnother: () => void }) {
  const run = useImportRun(id);
  const [samples, setSamples] = useState<readonly ProgressSample[]>([]);
  const done = run.data?.done;
  useEffect(() => {
    if (done !== undefined) setSamples((current) => withSample(current, { done, at: Date.now() }));
  }, [done]);

  if (run.isError && !run.data) {
    return (
      <div className="space-y-3">
        <Alert>{errorMessage(run.error, 'Failed to fetch the import')}</Alert>
        <Button variant="secondary" onClick={() => void run.refetch()} loading={run.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (!run.data) return <Loading label="Loading the import..." />;
  const data = run.data;
  if (data.status === 'previewed') {
    return (
      <div className="space-y-3">
        <Alert tone="info">
          {data.fileName} was checked but not imported. Upload it again to import it.
        </Alert>
        <Button variant="secondary" onClick={onAnother}>
          Import a file
        </Button>
      </div>
    );
  }
  return isFinished(data) ? (
    <ImportResult run={data} onAnother={onAnother} />
  ) : (
    <RunningImport run={data} samples={samples} />
  );
}

function RunningImport({ run, samples }: { run: ImportRun; samples: readonly ProgressSample[] }) {
  const figures = progressOf(samples, run.total);
  const label = `Importing ${KIND_INFO[run.kind].label.toLowerCase()}`;
  return (
    <section aria-label="Import progress" className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">
        {label} from {run.fileName}
      </h2>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.done}
        aria-valuetext={`${count(run.done)} of ${count(run.total)} rows`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-blue-600 transition-[width] duration-500"
          style={{ width: `${figures.percent}%` }}
        />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="font-medium text-slate-900">
          {count(run.done)} of {count(run.total)} rows ({figures.percent}%)
        </span>
        {figures.rate !== null ? <span>{rateText(figures.rate)}</span> : null}
        <span>
          {figures.secondsLeft !== null
            ? `About ${durationText(figures.secondsLeft)} left`
            : run.done === 0
              ? 'Starting...'
              : 'Working out the time left...'}
        </span>
      </p>
      <p className="text-xs text-slate-500">
        You may leave this page: the import goes on, and this page finds it again.
      </p>
    </section>
  );
}

function ImportResult({ run, onAnother }: { run: ImportRun; onAnother: () => void }) {
  const info = KIND_INFO[run.kind];
  const failed = run.status === 'failed';
  return (
    <section aria-label="Import result" className="space-y-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {failed ? (
          <CircleX aria-hidden="true" className="size-5 text-red-600" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-5 text-green-600" />
        )}
        {failed ? 'Import stopped' : 'Import complete'}: {run.fileName}
      </h2>
      {failed ? (
        <Alert>
          The import stopped after {count(run.done)} of {count(run.total)} rows; those counted below
          landed. Importing the same file again adds only the rest.
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile label="Created" value={count(run.created)} />
        <StatTile label="Updated" value={count(run.updated)} />
        <StatTile label="Skipped" value={count(run.skipped)} />
        <StatTile label="Refused" value={count(run.failed)} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={info.landsAt.to}
          className="inline-flex h-10 items-center rounded-lg bg-blue-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-blue-700"
        >
          Open {info.landsAt.label}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          Import another file
        </Button>
        {run.failed > 0 ? (
          <a
            href={errorRowsUrl(run._id)}
            download
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <Download aria-hidden="true" className="size-4" />
            Download refused rows
          </a>
        ) : null}
      </div>
    </section>
  );
}
