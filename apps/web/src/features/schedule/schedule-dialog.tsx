import { indiaDayOf } from '@karya/domain/schedule';
import type { ScheduleAnswer, ScheduledJobAnswer } from '@karya/domain/schedule-schemas';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import type { MoveRequest } from './api/schedule-moves';
import { categoryLabel, timeText } from './job-card';
import { requestOf, type ScheduleErrors, type ScheduleValues } from './schedule-form';

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
  const [errors, setErrors] = useState<ScheduleErrors>({});
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
