import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPLAINT_MESSAGES,
  type ComplaintSlaSettings,
  SLA_COUNTING,
} from '@karya/domain/complaint-schemas';
import { formatDateTime } from '@karya/domain/format';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useNotify } from '../../ui/notification-context';
import { Loading } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useComplaintSlaSettings, useSaveComplaintSlaSettings } from './api/complaint-sla-settings';
import {
  bodyOf,
  COUNTING_LABELS,
  formFieldErrors,
  HOURS_FIELDS,
  type ResponseTimesValues,
  responseTimesFormSchema,
  valuesOf,
} from './response-times-form';

/**
 * 'Response times' (issue 37): how long a branch has to start on a complaint, by what covers
 * it, counted in its working hours or in every hour. A manager sets their own branch's; an
 * admin the branch chosen in the page's branch filter.
 */
export function ResponseTimesSection({
  isAdmin,
  branch,
}: {
  isAdmin: boolean;
  branch: string | null;
}) {
  const needsBranch = isAdmin && branch === null;
  const settings = useComplaintSlaSettings(branch, !needsBranch);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="max-w-3xl rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id={headingId}
        className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"
      >
        Response times
      </h2>
      <div className="p-4 sm:p-5">
        {needsBranch ? (
          <p className="text-sm text-slate-600">
            Choose a branch in the branch filter above to see and change its response times.
          </p>
        ) : settings.data && settings.isFetchedAfterMount ? (
          // A form starts from what the server says now, not from a copy cached earlier: the
          // fields would not follow a fresher answer once typed into.
          <>
            {settings.isError ? (
              <Alert tone="warning" className="mb-3">
                {errorMessage(settings.error, 'Could not refresh the response times.')}
              </Alert>
            ) : null}
            <ResponseTimesForm
              // Another branch's settings start a fresh form.
              key={settings.data.branch._id}
              settings={settings.data}
              branchId={isAdmin ? branch : null}
            />
          </>
        ) : settings.isError ? (
          <div className="space-y-3">
            <Alert>
              {errorMessage(settings.error, 'Server error. Failed to fetch the response times.')}
            </Alert>
            <Button
              variant="secondary"
              loading={settings.isFetching}
              onClick={() => void settings.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : (
          <Loading label="Loading response times..." />
        )}
      </div>
    </section>
  );
}

function ResponseTimesForm({
  settings,
  branchId,
}: {
  settings: ComplaintSlaSettings;
  branchId: string | null;
}) {
  const notify = useNotify();
  const save = useSaveComplaintSlaSettings(branchId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResponseTimesValues>({
    resolver: zodResolver(responseTimesFormSchema),
    defaultValues: valuesOf(settings),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(bodyOf(values, branchId));
      reset(valuesOf(saved));
      notify.success(COMPLAINT_MESSAGES.settingsSaved);
    } catch (error) {
      // What was typed stays; the server's reasons land on their fields, or above them.
      const placed = error instanceof ApiError ? formFieldErrors(error.fieldErrors) : [];
      for (const { field, message } of placed) setError(field, { message });
      if (placed.length === 0) {
        setFailure(errorMessage(error, 'Could not save the response times. Please try again.'));
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-slate-600">
        How long <span className="font-medium text-slate-900">{settings.branch.name}</span> has to
        start on a complaint, in whole hours. A complaint turns amber at 75% of its time and red
        when the time has passed. An AMC contract may set its own.
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      {!settings.saved ? (
        <Alert tone="info">Not set for this branch yet: these are the usual times.</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {HOURS_FIELDS.map(({ name, label }) => (
          <TextField
            key={name}
            label={`${label} (hours)`}
            inputMode="numeric"
            error={errors[name]?.message}
            disabled={isSubmitting}
            {...register(name)}
          />
        ))}
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Count in</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {SLA_COUNTING.map((counting) => (
            <label key={counting} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                value={counting}
                disabled={isSubmitting}
                className="size-4 border-slate-300 text-blue-600"
                {...register('counting')}
              />
              {COUNTING_LABELS[counting]}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-500">
          Working hours are the branch's hours on the schedule: a night or a closed Sunday does not
          count.
        </p>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={isSubmitting} loadingText="Saving...">
          Save response times
        </Button>
        {settings.updatedAt ? (
          <span className="text-xs text-slate-500">
            Last saved {formatDateTime(settings.updatedAt)}
          </span>
        ) : null}
      </div>
    </form>
  );
}
