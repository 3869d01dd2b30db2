import { indiaClockOf, indiaDayOf, indiaInstant } from '@karya/domain/schedule';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { MoveRequest } from './api/schedule-moves';
import { defaultDuration } from './board-layout';
import { categoryLabel, timeText } from './job-card';

/** What the dialog's fields hold; kept when a conflict sends the user back to it. */
export interface ScheduleValues {
  technicianId: string;
  day: string;
  time: string;
  duration: string;
  windowStart: string;
  windowEnd: string;
}

/** The fields for a job: its own time, or the day on screen at the branch's opening. */
export function initialValues(
  job: ScheduledJobAnswer,
  fallback: { day: string; time: string; technicianId?: string },
): ScheduleValues {
  const start = job.start ? new Date(job.start) : null;
  const minutes =
    job.start && job.end
      ? Math.round((Date.parse(job.end) - Date.parse(job.start)) / 60_000)
      : defaultDuration(job.projectCategory);
  return {
    technicianId: job.technicianId ?? fallback.technicianId ?? '',
    day: start ? indiaDayOf(start) : fallback.day,
    time: start ? indiaClockOf(start) : fallback.time,
    duration: String(minutes),
    windowStart: job.window?.start ?? '',
    windowEnd: job.window?.end ?? '',
  };
}

type Errors = Partial<Record<keyof ScheduleValues, string>>;

/** The request the fields name, or what to fix in them. */
export function requestOf(
  job: ScheduledJobAnswer,
  values: ScheduleValues,
): { request: MoveRequest } | { errors: Errors } {
  const errors: Errors = {};
  if (!values.technicianId) errors.technicianId = 'Please select a technician';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.day)) errors.day = 'Please enter a valid date';
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = 'Please enter a time';
  const duration = Number(values.duration);
  if (!Number.isInteger(duration) || duration < 1 || duration > 1440)
    errors.duration = 'Duration must be 1 to 1440 minutes';
  const window = values.windowStart || values.windowEnd;
  if (window && !(values.windowStart && values.windowEnd))
    errors.windowEnd = 'Enter both the start and the end of the arrival window, or neither';
  else if (window && values.windowEnd <= values.windowStart)
    errors.windowEnd = 'The arrival window must end after it starts';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      orderId: job.orderId,
      technicianId: values.technicianId,
      start: indiaInstant(values.day, values.time).toISOString(),
      durationMinutes: duration,
      ...(window ? { window: { start: values.windowStart, end: values.windowEnd } } : {}),
      version: job.version,
    },
  };
}

export interface ScheduleDialogProps {
  job: ScheduledJobAnswer;
  technicians: ScheduleAnswer['technicians'];
  values: ScheduleValues;
  saving: 'schedule' | 'unschedule' | null;
  /** The server's refusal, in the dialog so nothing typed is lost. */
  error: string | null;
  onSubmit: (request: MoveRequest, values: ScheduleValues) => void;
  onUnschedule: () => void;
  onClose: () => void;
}

/**
 * 'Schedule…' (issue 34): every move of the board without a mouse — technician, date, time,
 * duration and the arrival window told to the customer; 'Unschedule' for a booked job.
 */
export function ScheduleDialog({
  job,
  technicians,
  values: initial,
  saving,
  error,
  onSubmit,
  onUnschedule,
  onClose,
}: ScheduleDialogProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof ScheduleValues) => (event: { target: { value: string } }) =>
    setValues((now) => ({ ...now, [field]: event.target.value }));
  // An assigned order moves in time with its own technician (spec 2: another is a transfer).
  const fixedTechnician = job.status !== 'pending' && job.technicianId !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = requestOf(job, values);
    if ('errors' in answer) {
      setErrors(answer.errors);
      return;
    }
    setErrors({});
    onSubmit(answer.request, values);
  };
  const formId = `schedule-${job._id}`;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={saving === null}
      title={`Schedule ${job.orderId}`}
      description={`${job.customerName} · ${job.projectType} · ${categoryLabel(job.projectCategory)}${
        job.start ? ` · now ${timeText(job)} on ${indiaDayOf(new Date(job.start))}` : ''
      }`}
      footer={
        <>
          {job.start ? (
            <Button
              variant="secondary"
              className="mr-auto"
              onClick={onUnschedule}
              loading={saving === 'unschedule'}
              disabled={saving !== null}
            >
              Unschedule
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={saving !== null}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={saving === 'schedule'}
            disabled={saving !== null}
            loadingText="Scheduling..."
          >
            Schedule
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {error ? <Alert className="sm:col-span-2">{error}</Alert> : null}
        <SelectField
          label="Technician"
          className="sm:col-span-2"
          placeholder="Select a technician"
          options={technicians.map((t) => ({ value: t._id, label: t.name }))}
          value={values.technicianId}
          onChange={set('technicianId')}
          disabled={fixedTechnician}
          error={errors.technicianId}
        />
        {fixedTechnician ? (
          <p className="-mt-3 text-xs text-slate-500 sm:col-span-2">
            An assigned job moves in time with its own technician; another technician is a transfer.
          </p>
        ) : null}
        <TextField
          label="Date"
          type="date"
          value={values.day}
          onChange={set('day')}
          error={errors.day}
          required
        />
        <TextField
          label="Start time"
          type="time"
          step={900}
          value={values.time}
          onChange={set('time')}
          error={errors.time}
          required
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          step={15}
          value={values.duration}
          onChange={set('duration')}
          error={errors.duration}
          className="sm:col-span-2"
          required
        />
        <TextField
          label="Arrival window from (optional)"
          type="time"
          value={values.windowStart}
          onChange={set('windowStart')}
          error={errors.windowStart}
        />
        <TextField
          label="Arrival window to (optional)"
          type="time"
          value={values.windowEnd}
          onChange={set('windowEnd')}
          error={errors.windowEnd}
        />
      </form>
    </Modal>
  );
}
