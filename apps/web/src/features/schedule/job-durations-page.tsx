import { PROJECT_TYPES } from '@karya/domain/contact-schemas';
import { type DefaultDuration, durationText } from '@karya/domain/job-durations';
import { PROJECT_CATEGORIES, PROJECT_CATEGORY_LABELS } from '@karya/domain/project-categories';
import { DURATION_MESSAGES } from '@karya/domain/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useDefaultDurations } from '../../shared/default-durations';
import { RefreshFailed } from '../../shared/refresh-failed';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { Loading } from '../../ui/spinner';
import { useSaveDefaultDurations } from './api/save-default-durations';
import {
  cellKey,
  changesOf,
  type DurationValues,
  MINUTES_HINT,
  minutesOf,
  valuesOf,
} from './job-durations-form';

/**
 * Job Durations (admins, issue 34): how long a job of each project type and category is
 * booked for when the manager schedules it, unless they change it there.
 */
export function JobDurationsPage() {
  const durations = useDefaultDurations({ fresh: true });
  return (
    <>
      <PageHeader
        title="Job Durations"
        description="How long a job is booked for on the schedule, by project type and category. Managers can still change it for a single job."
      />
      {/* Once shown, the form stays through a failed background refetch (what was typed is
          kept); the error replaces it only when there is nothing to show. */}
      {durations.data && durations.isFetchedAfterMount ? (
        <>
          {durations.isError ? (
            <RefreshFailed
              error={durations.error}
              retrying={durations.isFetching}
              onRetry={() => void durations.refetch()}
            />
          ) : null}
          <JobDurationsForm table={durations.data.durations} />
        </>
      ) : durations.data || !durations.isError ? (
        <Loading label="Loading job durations..." />
      ) : (
        <Card className="max-w-4xl">
          <div className="space-y-3">
            <Alert>
              {errorMessage(durations.error, 'Server error. Failed to fetch the job durations.')}
            </Alert>
            <Button
              variant="secondary"
              loading={durations.isFetching}
              onClick={() => void durations.refetch()}
            >
              Try again
            </Button>
          </div>
        </Card>
      )}
    </>
  );
}

const COLUMNS = 'sm:grid-cols-[minmax(10rem,14rem)_repeat(3,minmax(0,1fr))]';

function JobDurationsForm({ table }: { table: DefaultDuration[] }) {
  const notify = useNotify();
  const save = useSaveDefaultDurations();
  const [values, setValues] = useState<DurationValues>(() => valuesOf(table));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const byKey = new Map(table.map((row) => [cellKey(row), row]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = changesOf(table, values);
    if ('errors' in result) {
      setErrors(result.errors);
      setFailure('Some durations need fixing: each is 5 to 1440 whole minutes.');
      return;
    }
    setErrors({});
    if (result.changes.length === 0) {
      notify.success('No changes to save');
      return;
    }
    try {
      const saved = await save.mutateAsync(result.changes);
      setValues(valuesOf(saved.durations));
      notify.success(DURATION_MESSAGES.saved);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the job durations'));
    }
  };

  return (
    <Card className="max-w-4xl">
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <p className="text-sm text-slate-600">
          In minutes: 60 is 1 hour, 90 is 1½ hours, 180 is 3 hours.
        </p>
        <div className="space-y-3 sm:space-y-0">
          {/* The column titles a wide screen shows once; on a phone each field says its own. */}
          <div
            aria-hidden="true"
            className={`hidden border-b border-slate-200 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid sm:gap-3 ${COLUMNS}`}
          >
            <span>Project type</span>
            {PROJECT_CATEGORIES.map((category) => (
              <span key={category}>{PROJECT_CATEGORY_LABELS[category]}</span>
            ))}
          </div>
          {PROJECT_TYPES.map((projectType) => (
            <fieldset
              key={projectType}
              className={`grid grid-cols-3 gap-x-2 gap-y-1 rounded-lg border border-slate-200 p-3 sm:items-start sm:gap-3 sm:rounded-none sm:border-0 sm:border-b sm:px-0 sm:py-3 ${COLUMNS}`}
            >
              {/* A legend does not take part in a grid; the visible name is a span beside it. */}
              <legend className="sr-only">{projectType}</legend>
              <span
                aria-hidden="true"
                className="col-span-3 text-sm font-medium text-slate-900 sm:col-span-1 sm:pt-2"
              >
                {projectType}
              </span>
              {PROJECT_CATEGORIES.map((projectCategory) => {
                const key = cellKey({ projectType, projectCategory });
                const id = `duration-${key.replace(/[^a-z0-9]+/gi, '-')}`;
                const value = values[key] ?? '';
                const minutes = minutesOf(value);
                const stored = byKey.get(key);
                const note =
                  minutes === null
                    ? MINUTES_HINT
                    : `${durationText(minutes)}${stored?.isFallback && stored.minutes === minutes ? ' · standard' : ''}`;
                return (
                  <div key={projectCategory} className="min-w-0">
                    <label
                      htmlFor={id}
                      // Two lines high on a phone, so 'New Installation' wrapping keeps the
                      // row's three inputs level.
                      className="mb-1 flex min-h-8 items-end text-xs font-medium text-slate-600 sm:sr-only"
                    >
                      {PROJECT_CATEGORY_LABELS[projectCategory]}
                      <span className="sr-only"> (minutes)</span>
                    </label>
                    <Input
                      id={id}
                      type="number"
                      inputMode="numeric"
                      min={5}
                      max={1440}
                      step={5}
                      value={value}
                      invalid={Boolean(errors[key])}
                      aria-describedby={`${id}-note`}
                      disabled={save.isPending}
                      onChange={(event) => {
                        const next = event.target.value;
                        setValues((current) => ({ ...current, [key]: next }));
                        if (errors[key] && minutesOf(next) !== null)
                          setErrors(({ [key]: _fixed, ...rest }) => rest);
                      }}
                    />
                    <p
                      id={`${id}-note`}
                      className={`mt-1 text-xs ${errors[key] ? 'text-red-600' : 'text-slate-500'}`}
                    >
                      {errors[key] ?? note}
                    </p>
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p className="text-xs text-slate-500">
            ‘standard’: not set yet — a complaint or maintenance visit is 1 hour, anything else 2
            hours.
          </p>
          <Button type="submit" loading={save.isPending} loadingText="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
