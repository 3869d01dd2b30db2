import { PROJECT_TYPES } from '@karya/domain/contact-schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useBranchStateCode } from '../../shared/branch-state';
import { SELECT_STATE, STATE_OPTIONS } from '../../shared/state-options';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-area-field';
import { branchId, type Customer, type CustomerProject } from './api/contact-types';
import { useCreateWorkOrder } from './api/create-work-order';
import { useCustomer } from './api/get-customer';
import { CONTACT_MESSAGES } from './contact-rules';

export type WorkOrderKind = 'project' | 'complaint';

/** The id a complaint names its project by. */
export function projectKey(project: CustomerProject): string {
  return project._id ?? project.projectId;
}

/**
 * A complaint is only filed against a completed project: one marked completed itself, or
 * whose work order is completed.
 */
export function completedProjects(customer: Customer): CustomerProject[] {
  const doneIds = new Set(
    (customer.workOrders ?? [])
      .filter((order) => order.status.toLowerCase() === 'completed' && order.projectId)
      .map((order) => order.projectId as string),
  );
  return (customer.projects ?? []).filter(
    (project) =>
      project.status?.toLowerCase() === 'completed' ||
      doneIds.has(project.projectId) ||
      (project._id !== undefined && doneIds.has(project._id)),
  );
}

/** Spec 1 §2.10: Create Work Order (a new project) or Create Complaint for a customer. */
export function WorkOrderModal({
  customerId,
  kind,
  onClose,
}: {
  customerId: string;
  kind: WorkOrderKind;
  onClose: () => void;
}) {
  const customer = useCustomer(customerId);
  const title = kind === 'project' ? 'Create Work Order' : 'Create Complaint';
  return (
    <Modal open onClose={onClose} title={title} size="md">
      {customer.data ? (
        kind === 'project' ? (
          <ProjectForm customer={customer.data} onClose={onClose} />
        ) : (
          <ComplaintForm customer={customer.data} onClose={onClose} />
        )
      ) : customer.isError ? (
        <Alert>{errorMessage(customer.error, 'Failed to fetch customer details')}</Alert>
      ) : (
        <Loading label="Loading customer..." />
      )}
    </Modal>
  );
}

function ProjectForm({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const create = useCreateWorkOrder();
  const navigate = useNavigate();
  const [projectType, setProjectType] = useState('');
  const [remark, setRemark] = useState('');
  // Issue 19: where the work is and its state, the invoice's place of supply.
  const [siteAddress, setSiteAddress] = useState(customer.address ?? '');
  const [siteStateCode, setSiteStateCode] = useState(customer.stateCode ?? '');
  const [statePicked, setStatePicked] = useState(false);
  const branchStateCode = useBranchStateCode(branchId(customer.branch));
  const [typeError, setTypeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  // A customer without a state: the branch's, until someone picks one.
  useEffect(() => {
    if (!customer.stateCode && branchStateCode && !statePicked) setSiteStateCode(branchStateCode);
  }, [customer.stateCode, branchStateCode, statePicked]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!projectType) {
      setTypeError(CONTACT_MESSAGES.selectProjectType);
      return;
    }
    setTypeError(undefined);
    try {
      await create.mutateAsync({
        customerId: customer._id,
        projectType,
        initialRemark: remark.trim(),
        projectCategory: 'New Installation',
        siteAddress: siteAddress.trim() || null,
        siteStateCode: siteStateCode || null,
      });
      onClose();
      navigate('/work-orders');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to create work order'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Customer: <span className="font-medium text-slate-900">{customer.name}</span>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      <SelectField
        label="Project Type*"
        placeholder="Select project type"
        options={PROJECT_TYPES.map((type) => ({ value: type, label: type }))}
        value={projectType}
        onChange={(event) => {
          setProjectType(event.target.value);
          // A fixed field clears its message at once (issue 15).
          if (event.target.value) setTypeError(undefined);
        }}
        error={typeError}
      />
      <TextAreaField
        label="Site address"
        rows={2}
        value={siteAddress}
        onChange={(event) => setSiteAddress(event.target.value)}
      />
      <SelectField
        label="State"
        placeholder={SELECT_STATE}
        options={STATE_OPTIONS}
        value={siteStateCode}
        onChange={(event) => {
          setSiteStateCode(event.target.value);
          setStatePicked(true);
        }}
      />
      <TextAreaField
        label="Remarks"
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} loadingText="Creating...">
          Create Work Order
        </Button>
      </div>
    </form>
  );
}

function ComplaintForm({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const create = useCreateWorkOrder();
  const navigate = useNavigate();
  const [projectId, setProjectId] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ project?: string; details?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const hasProjects = (customer.projects ?? []).length > 0;
  const completed = completedProjects(customer);

  if (!hasProjects) {
    return (
      <div className="space-y-4">
        <Alert>{CONTACT_MESSAGES.needsProject}</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: typeof errors = {};
    if (!projectId) next.project = CONTACT_MESSAGES.selectProject;
    if (!details.trim()) next.details = CONTACT_MESSAGES.complaintDetailsRequired;
    setErrors(next);
    if (next.project || next.details) return;
    const project = completed.find((item) => projectKey(item) === projectId);
    if (!project) {
      setFailure(CONTACT_MESSAGES.projectNotFound);
      return;
    }
    try {
      await create.mutateAsync({
        customerId: customer._id,
        projectType: project.projectType,
        initialRemark: details.trim(),
        projectCategory: 'Repair',
        existingProjectId: projectKey(project),
      });
      onClose();
      navigate('/work-orders');
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to create complaint'));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Customer: <span className="font-medium text-slate-900">{customer.name}</span>
      </p>
      {failure ? <Alert>{failure}</Alert> : null}
      {completed.length === 0 ? (
        <Alert tone="warning">{CONTACT_MESSAGES.noCompletedProjects}</Alert>
      ) : null}
      <SelectField
        label="Select Project*"
        placeholder="Select a completed project"
        options={completed.map((project) => ({
          value: projectKey(project),
          label: `${project.projectId} — ${project.projectType}`,
        }))}
        value={projectId}
        onChange={(event) => {
          setProjectId(event.target.value);
          if (event.target.value) setErrors((shown) => ({ ...shown, project: undefined }));
        }}
        error={errors.project}
      />
      <TextAreaField
        label="Complaint Details*"
        value={details}
        onChange={(event) => {
          setDetails(event.target.value);
          if (event.target.value.trim()) setErrors((shown) => ({ ...shown, details: undefined }));
        }}
        error={errors.details}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} loadingText="Creating...">
          Create Complaint
        </Button>
      </div>
    </form>
  );
}
