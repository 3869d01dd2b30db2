import {
  AMC_FREQUENCY_LABELS,
  AMC_VISIT_FREQUENCIES,
  type AmcVisitsPerTerm,
} from '@karya/domain/amc';
import type { AmcContractDetail } from '@karya/domain/amc-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useGstRates } from '../../shared/gst-rates';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import {
  BILLING_LABELS,
  CONTRACT_STATUS_LABELS,
  COVERAGE_LABELS,
  dayText,
  previewVisits,
  TERM_OPTIONS,
  termMonthsText,
} from './amc-display';
import { useCreateContract, useUpdateContract } from './api/contract-changes';
import { useAmcOffer, useCustomerWithProjects } from './api/customer-lookup';
import {
  type ContractForm,
  type ContractFormErrors,
  contractBodyOf,
  emptyContractForm,
  formOfContract,
  formWithOffer,
  refusalOnForm,
  updateBodyOf,
} from './contract-form';
import { CustomerPicker, PartsPicker, type PickedPart } from './contract-pickers';
import { RadioGroup } from './radio-group';

const FREQUENCY_OPTIONS = AMC_VISIT_FREQUENCIES.map((visits) => ({
  value: String(visits),
  label: `${AMC_FREQUENCY_LABELS[visits]} (${visits} ${visits === 1 ? 'visit' : 'visits'})`,
}));
const TERM_SELECT = TERM_OPTIONS.map((months) => ({
  value: String(months),
  label: termMonthsText(months),
}));

/**
 * 'New contract' (issue 23): a draft AMC for a customer, the installation it covers (one of
 * the customer's completed installations, or the serials typed), its term and visits, price
 * and tax, what it covers and how it is billed. The visit dates show before saving, from the
 * same layout the server uses. 'Offer AMC' opens it with the customer and installation chosen.
 */
export function NewContractDialog({
  offer,
  editing = null,
  onClose,
  onCreated,
}: {
  /** From a completed installation: its customer and order. */
  offer: { customerId: string; orderId: string } | null;
  /** A draft whose terms are changed ('Edit contract'): its customer and installation stay. */
  editing?: AmcContractDetail | null;
  onClose: () => void;
  onCreated: (contract: AmcContractDetail) => void;
}) {
  const notify = useNotify();
  const formId = useId();
  const [form, setForm] = useState<ContractForm>(() =>
    editing
      ? formOfContract(editing)
      : emptyContractForm(indiaDate(new Date()), {
          customerId: offer?.customerId ?? '',
          fromOrderId: offer?.orderId ?? '',
        }),
  );
  const [parts, setParts] = useState<PickedPart[]>(() => editing?.coveredItems ?? []);
  const [errors, setErrors] = useState<ContractFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const customer = useCustomerWithProjects(form.customerId);
  const offered = useAmcOffer(editing ? null : offer);
  // The offer fills the form once, when it comes (the form is not touched before: it loads first).
  const [offerApplied, setOfferApplied] = useState(false);
  if (offered.data && !offerApplied) {
    setOfferApplied(true);
    setForm((current) => formWithOffer(current, offered.data));
  }
  const existing = offered.data?.existingContracts ?? [];
  const rates = useGstRates();
  const create = useCreateContract();
  const update = useUpdateContract(editing?._id ?? '');
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof ContractForm>(field: K, value: ContractForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const installations = (customer.data?.projects ?? []).filter(
    (project) => project.status === 'completed' || project._id === form.fromOrderId,
  );
  const preview = previewVisits(form.startDate, form.termMonths, form.visitsPerTerm);
  const rateOptions = (rates.data ?? [{ rate: 18, label: '18%' }]).map((rate) => ({
    value: String(rate.rate),
    label: rate.label,
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = contractBodyOf({ ...form, coveredItemIds: parts.map((part) => part._id) });
    if ('errors' in request) {
      setErrors(request.errors);
      return;
    }
    const handlers = {
      onSuccess: (contract: AmcContractDetail) => {
        notify.success(editing ? 'Contract updated' : 'Contract created as a draft');
        onCreated(contract);
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && !error.isNetworkError) {
          const placed = refusalOnForm(error.message, error.fieldErrors);
          setErrors(placed.fields);
          setFailure(placed.rest[0] ?? null);
        } else {
          setFailure(errorMessage(error, 'Could not save the contract. Please try again.'));
        }
      },
    };
    if (editing) update.mutate(updateBodyOf(request.body), handlers);
    else create.mutate(request.body, handlers);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? 'Edit contract' : 'New contract'}
      description={
        editing
          ? `${editing.contractNumber}: a draft's terms can change until it is activated.`
          : offer
            ? 'Offer an annual maintenance contract on this installation.'
            : 'An annual maintenance contract stays a draft until you activate it.'
      }
      size="xl"
      dismissible={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText="Saving...">
            {editing ? 'Save changes' : 'Save as draft'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        {failure ? <Alert>{failure}</Alert> : null}
        {existing.length > 0 ? (
          <Alert tone="warning">
            This installation already has{' '}
            {existing
              .map(
                (contract) =>
                  `${contract.contractNumber} (${CONTRACT_STATUS_LABELS[contract.status]})`,
              )
              .join(', ')}
            . Renew that contract rather than selling a second one, unless the customer wants both.
          </Alert>
        ) : null}
        <Fieldset legend="Customer and installation">
          <CustomerPicker
            customerId={form.customerId}
            customer={customer.data ?? null}
            locked={editing !== null}
            error={errors.customerId}
            onPick={(id) => {
              setForm((current) => ({ ...current, customerId: id, fromOrderId: '' }));
              setErrors((current) => ({ ...current, customerId: undefined }));
            }}
          />
          {form.customerId ? (
            <SelectField
              label="Covered installation"
              value={form.fromOrderId}
              disabled={editing !== null}
              onChange={(event) => set('fromOrderId', event.target.value)}
              placeholder={
                installations.length === 0
                  ? 'No completed installation: list the serials below'
                  : 'None: list the serials below'
              }
              options={installations.map((project) => ({
                value: project._id,
                label: `${project.projectType} · ${project.projectId}`,
              }))}
              error={errors.fromOrderId}
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="What it covers (project type)"
              value={form.projectType}
              onChange={(event) => set('projectType', event.target.value)}
              placeholder={form.fromOrderId ? 'As on the installation' : 'e.g. CCTV, 8 cameras'}
              hint={form.fromOrderId ? 'Leave blank to use the installation’s.' : undefined}
              error={errors.projectType}
            />
            <TextAreaField
              label="Serial numbers"
              rows={2}
              value={form.serials}
              onChange={(event) => set('serials', event.target.value)}
              placeholder={
                form.fromOrderId ? 'Leave blank to use the installation’s' : 'One a line'
              }
              error={errors.serials}
            />
          </div>
        </Fieldset>

        <Fieldset legend="Term and visits">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Start date"
              type="date"
              value={form.startDate}
              onChange={(event) => set('startDate', event.target.value)}
              error={errors.startDate}
            />
            <SelectField
              label="Term"
              value={String(form.termMonths)}
              onChange={(event) => set('termMonths', Number(event.target.value))}
              options={TERM_SELECT}
              error={errors.termMonths}
            />
            <SelectField
              label="Visits per term"
              value={String(form.visitsPerTerm)}
              onChange={(event) =>
                set('visitsPerTerm', Number(event.target.value) as AmcVisitsPerTerm)
              }
              options={FREQUENCY_OPTIONS}
              error={errors.visitsPerTerm}
            />
          </div>
          <VisitPreview preview={preview} />
        </Fieldset>

        <Fieldset legend="Price and tax">
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Price (₹)"
              inputMode="decimal"
              value={form.price}
              onChange={(event) => set('price', event.target.value)}
              placeholder="e.g. 6000"
              error={errors.price}
            />
            <SelectField
              label="GST rate"
              value={String(form.gstRate)}
              onChange={(event) => set('gstRate', Number(event.target.value))}
              options={rateOptions}
              error={errors.gstRate}
            />
            <Checkbox
              label="Price includes GST"
              checked={form.priceIncludesTax}
              onChange={(checked) => set('priceIncludesTax', checked)}
            />
          </div>
        </Fieldset>

        <Fieldset legend="Coverage and billing">
          <div className="grid gap-4 sm:grid-cols-2">
            <RadioGroup
              label="What the contract covers"
              value={form.coverage}
              options={COVERAGE_LABELS}
              onChange={(value) => set('coverage', value)}
            />
            <RadioGroup
              label="Billing"
              value={form.billing}
              options={BILLING_LABELS}
              onChange={(value) => set('billing', value)}
            />
          </div>
          {form.coverage === 'labour-and-parts' ? (
            <PartsPicker
              picked={parts}
              onChange={(next) => {
                setParts(next);
                setErrors((current) => ({ ...current, coveredItemIds: undefined }));
              }}
              error={errors.coveredItemIds}
            />
          ) : null}
          {/* Issue 37: the contract's own response time for complaints on what it covers. */}
          <TextField
            label="Response time (hours)"
            inputMode="numeric"
            value={form.slaHours}
            onChange={(event) => set('slaHours', event.target.value)}
            placeholder="Branch's AMC target"
            hint="Optional. How soon a technician must start on a complaint; empty: the branch's target for AMC complaints."
            error={errors.slaHours}
            className="sm:max-w-xs"
          />
          <TextAreaField
            label="Notes (optional)"
            rows={2}
            value={form.notes}
            onChange={(event) => set('notes', event.target.value)}
            error={errors.notes}
          />
        </Fieldset>
      </form>
    </Modal>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

function VisitPreview({ preview }: { preview: ReturnType<typeof previewVisits> }) {
  if ('problem' in preview) {
    return <p className="text-sm text-amber-700">{preview.problem}</p>;
  }
  return (
    <figure>
      <figcaption className="mb-1.5 text-sm font-medium text-slate-700">Visit dates</figcaption>
      <ol aria-label="Visit dates" className="flex flex-wrap gap-2 text-sm">
        {preview.visits.map((visit) => (
          <li key={visit.number} className="rounded-md bg-slate-100 px-2 py-1 text-slate-800">
            <span className="text-slate-500">{visit.number}.</span> {dayText(visit.dueDate)}
          </li>
        ))}
      </ol>
    </figure>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 self-end pb-2.5 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 text-blue-600"
      />
      {label}
    </label>
  );
}
