import { formatDate } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { fullName } from '@karya/domain/user';
import { WORK_ORDER_MESSAGES, type WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useTechnicians } from '../../shared/get-technicians';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DetailGrid } from '../../ui/detail-grid';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { useAssignTechnician } from './api/assign-technician';
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
  const [technicianId, setTechnicianId] = useState('');
  const [instructions, setInstructions] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

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

  return (
    <Modal
      open
      onClose={onClose}
      title={complaint ? 'Assign Technician to Complaint' : 'Assign Technician'}
      size="lg"
      dismissible={!assign.isPending}
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
        <TextAreaField
          label="Instructions for Technician"
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          placeholder="Anything the technician should know before visiting"
          rows={4}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={assign.isPending} loadingText="Assigning...">
            Assign
          </Button>
        </div>
      </form>
    </Modal>
  );
}
