import { formatDate } from '@karya/domain/format';
import { durationFor, durationText } from '@karya/domain/job-durations';
import { indiaDateTimeText } from '@karya/domain/occurred-at';
import { formatPhone } from '@karya/domain/phone-rules';
import { indiaClockOf, type ScheduleConflict } from '@karya/domain/schedule';
import { fullName } from '@karya/domain/user';
import { WORK_ORDER_MESSAGES, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useDefaultDurations } from '../../shared/default-durations';
import { useTechnicians } from '../../shared/get-technicians';
import { ConflictDialog, conflictsOf } from '../../shared/schedule-conflict-dialog';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DetailGrid } from '../../ui/detail-grid';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { type AssignAndScheduleBody, useAssignAndSchedule } from './api/assign-and-schedule';
import { useAssignTechnician } from './api/assign-technician';
import { type AssignTimeErrors, assignTimeOf } from './assign-time';
import { categoryLabel, isComplaint, personName } from './work-order-display';

/** Spec 2 §2: Assign Technician (to Complaint, for repairs). */
export function AssignTechnicianDialog({
  order,
  onClose,
  onAssigned,
}: {
  order: WorkOrderDetail;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const viewer = useSessionUser();
  const notify = useNotify();
  const scope = viewer.role === 'admin' ? 'admin' : 'manager';
  // Only a technician of the order's own branch can take it; the server checks the same.
  const technicians = useTechnicians(scope, scope === 'admin' ? order.branch._id : null);
  const assign = useAssignTechnician();
  const schedule = useAssignAndSchedule();
  const durations = useDefaultDurations();
  const [technicianId, setTechnicianId] = useState('');
  const [instructions, setInstructions] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  // Null until the manager types one: the admin-set default for the order's type and
  // category, which may arrive after the dialog opens.
  const [duration, setDuration] = useState<string | null>(null);
  const [timeErrors, setTimeErrors] = useState<AssignTimeErrors>({});
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [clash, setClash] = useState<{
    body: AssignAndScheduleBody;
    conflicts: ScheduleConflict[];
  } | null>(null);
  const saving = assign.isPending || schedule.isPending;
  const defaultMinutes = durationFor(
    durations.data?.durations,
    order.projectType,
    order.projectCategory,
  );
  const durationValue = duration ?? String(defaultMinutes);

  const complaint = isComplaint(order);
  const options = (technicians.data ?? [])
    .filter((technician) => technician.status === 'active')
    .map((technician) => ({
      value: technician._id,
      label: `${fullName(technician)} - ${technician.branch?.name ?? 'No Branch'}`,
    }));
  const noTechnicians = technicians.isSuccess && options.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!technicianId) {
      setFieldError(WORK_ORDER_MESSAGES.selectTechnician);
      return;
    }
    setFieldError(undefined);
    const when = assignTimeOf({ date, time, duration: durationValue });
    if (when.kind === 'errors') {
      setTimeErrors(when.errors);
      return;
    }
    setTimeErrors({});
    if (when.kind === 'time') {
      await book({
        orderId: order.orderId,
        technicianId,
        start: when.start,
        durationMinutes: when.durationMinutes,
        instructions: instructions.trim(),
      });
      return;
    }
    try {
      await assign.mutateAsync({
        customerId: order.customerId,
        orderId: order.orderId,
        technicianId,
        instructions: instructions.trim(),
      });
      notify.success(WORK_ORDER_MESSAGES.technicianAssigned);
      onAssigned();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to assign technician'));
    }
  };

  /** Assigns and books the time in one request; a clash asks 'Schedule anyway?'. */
  const book = async (body: AssignAndScheduleBody) => {
    setFailure(null);
    try {
      const job = await schedule.mutateAsync(body);
      setClash(null);
      const booked =
        job.start && job.end
          ? `, visit ${indiaDateTimeText(new Date(job.start))}–${indiaClockOf(new Date(job.end))}`
          : '';
      notify.success(`${WORK_ORDER_MESSAGES.technicianAssigned}${booked}`);
      onAssigned();
    } catch (error) {
      const conflicts = conflictsOf(error);
      if (conflicts && !body.override) {
        setClash({ body, conflicts });
        return;
      }
      setClash(null);
      setFailure(errorMessage(error, 'Failed to assign technician'));
    }
  };

  const setTimeField =
    (field: keyof AssignTimeErrors, apply: (value: string) => void) =>
    (event: { target: { value: string } }) => {
      apply(event.target.value);
      if (timeErrors[field]) setTimeErrors(({ [field]: _fixed, ...rest }) => rest);
    };

  return (
    <Modal
      open
      onClose={onClose}
      title={complaint ? 'Assign Technician to Complaint' : 'Assign Technician'}
      size="lg"
      dismissible={!saving}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <section className="rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">
            {complaint ? 'Complaint Details' : 'Work Order Details'}
          </h3>
          <DetailGrid
            items={[
              ['Customer', order.customerName],
              ['Phone', formatPhone(order.customerPhone) || '—'],
              ['Order ID', order.orderId],
              ['Project ID', order.projectId],
              ['Project Type', order.projectType],
              ['Category', categoryLabel(order)],
              ['Address', order.customerAddress || '—'],
              ['Date Created', formatDate(order.createdAt)],
            ]}
          />
          <div className="mt-3">
            <p className="text-xs font-medium text-slate-500">
              {complaint ? 'Complaint Details' : 'Initial Requirements'}
            </p>
            <p className="mt-0.5 text-sm whitespace-pre-line text-slate-800">
              {order.initialRemark || 'No details provided'}
            </p>
          </div>
        </section>
        {complaint ? (
          <section className="rounded-lg border border-amber-200 bg-amber-50 p-4">
            <h3 className="mb-3 text-sm font-semibold text-amber-900">Setup Technician</h3>
            <DetailGrid
              items={[
                ['Name', personName(order.originalTechnician, 'Not available')],
                ['Phone', formatPhone(order.originalTechnician?.phoneNumber) || 'Not available'],
                ['Project Completed', formatDate(order.projectCompletedAt) || 'Not available'],
              ]}
            />
          </section>
        ) : null}
        {technicians.isError ? (
          <Alert>{errorMessage(technicians.error, 'Failed to fetch technicians')}</Alert>
        ) : null}
        <SelectField
          label="Select Technician*"
          placeholder={
            technicians.isPending
              ? 'Loading technicians...'
              : noTechnicians
                ? 'No technicians available'
                : 'Select a technician'
          }
          options={options}
          value={technicianId}
          onChange={(event) => {
            setTechnicianId(event.target.value);
            if (event.target.value) setFieldError(undefined);
          }}
          disabled={noTechnicians}
          error={fieldError}
        />
        <fieldset className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            Date and time (optional)
          </legend>
          <p className="mb-3 text-xs text-slate-500">
            Leave the date and time empty to assign without a time; the order then waits on the
            Schedule to be given one.
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Date"
              type="date"
              value={date}
              onChange={setTimeField('date', setDate)}
              error={timeErrors.date}
              disabled={saving}
            />
            <TextField
              label="Time"
              type="time"
              step={300}
              value={time}
              onChange={setTimeField('time', setTime)}
              error={timeErrors.time}
              disabled={saving}
            />
            <TextField
              label="Duration (minutes)"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              step={15}
              value={durationValue}
              onChange={setTimeField('duration', setDuration)}
              error={timeErrors.duration}
              hint={`Usual for ${order.projectType}, ${categoryLabel(order)}: ${durationText(defaultMinutes)}`}
              disabled={saving}
            />
          </div>
        </fieldset>
        <TextAreaField
          label="Instructions for Technician"
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          placeholder="Anything the technician should know before visiting"
          rows={4}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} loadingText="Assigning...">
            Assign
          </Button>
        </div>
      </form>
      {clash ? (
        <ConflictDialog
          orderId={order.orderId}
          conflicts={clash.conflicts}
          saving={schedule.isPending}
          onCancel={() => setClash(null)}
          onConfirm={() => void book({ ...clash.body, override: true })}
        />
      ) : null}
    </Modal>
  );
}
