import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { SELECT_STATE, STATE_OPTIONS } from '../../shared/state-options';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import {
  type BranchFormInput,
  type BranchFormOutput,
  branchFormSchema,
  stateOfGstin,
} from './branch-schemas';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export interface BranchFormModalProps {
  title: string;
  initialValues: BranchFormInput;
  /** Resolves when the server has saved; a rejection is shown above the form. */
  onSave: (values: BranchFormInput) => Promise<void>;
  failureMessage: string;
  onClose: () => void;
}

/**
 * Spec 1 §2.8's branch form, shared by Add New Branch and Edit Branch. The UPI payee is
 * ours (issue 7): bills of a branch without one use the server's default payee.
 */
export function BranchFormModal({
  title,
  initialValues,
  onSave,
  failureMessage,
  onClose,
}: BranchFormModalProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BranchFormInput, unknown, BranchFormOutput>({
    resolver: zodResolver(branchFormSchema),
    defaultValues: initialValues,
  });

  // A GSTIN's first two digits are its state: fill the state when none is chosen (issue 19).
  const gstinState = stateOfGstin(watch('gstin'));
  useEffect(() => {
    if (gstinState && !getValues('stateCode')) setValue('stateCode', gstinState);
  }, [gstinState, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      setFailure(errorMessage(error, failureMessage));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="md"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="branch-form" loading={isSubmitting} loadingText="Saving...">
            Save Branch
          </Button>
        </>
      }
    >
      <form id="branch-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="Branch Name*"
          placeholder="Enter branch name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Location*"
          placeholder="Enter location"
          error={errors.location?.message}
          {...register('location')}
        />
        <TextField label="Address" placeholder="Enter address" {...register('address')} />
        <TextField
          label="Phone Number"
          type="tel"
          placeholder="Enter phone number"
          {...register('phone')}
        />
        <SelectField label="Status" options={STATUS_OPTIONS} {...register('status')} />
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">UPI payment</legend>
          <TextField
            label="UPI ID"
            placeholder="e.g. shop@okaxis"
            autoComplete="off"
            hint="Customers pay this UPI ID when a bill is paid online. Leave blank to use the default."
            error={errors.upiVpa?.message}
            {...register('upiVpa')}
          />
          <TextField
            label="UPI Payee Name"
            placeholder="Name shown in the customer's UPI app"
            autoComplete="off"
            {...register('upiName')}
          />
        </fieldset>
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">GST and invoices</legend>
          <TextField
            label="GSTIN"
            placeholder="e.g. 27AAPFU0939F1ZV"
            autoComplete="off"
            maxLength={15}
            className="[&_input]:uppercase"
            hint="Leave blank if this branch has no GST registration: it then issues a Bill of Supply."
            error={errors.gstin?.message}
            {...register('gstin')}
          />
          <SelectField
            label="State"
            placeholder={SELECT_STATE}
            options={STATE_OPTIONS}
            error={errors.stateCode?.message}
            {...register('stateCode')}
          />
          <TextField
            label="Invoice series"
            placeholder="e.g. KOTH"
            autoComplete="off"
            maxLength={4}
            className="[&_input]:uppercase"
            hint="Up to 4 letters or digits before each invoice number, e.g. KOTH/26-27/00001. Leave blank to take it from the branch name."
            error={errors.invoicePrefix?.message}
            {...register('invoicePrefix')}
          />
        </fieldset>
        <fieldset className="rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-700">Proof of work</legend>
          <label className="flex items-start gap-3 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-blue-600 focus:ring-2 focus:ring-blue-500/20"
              aria-describedby="branch-require-signature-hint"
              {...register('requireSignature')}
            />
            Customer signature required to complete a project
          </label>
          <p id="branch-require-signature-hint" className="mt-1 pl-7 text-xs text-slate-500">
            The technician gets the customer's signature on the phone before 'Complete Project &amp;
            Send for Approval'.
          </p>
        </fieldset>
      </form>
    </Modal>
  );
}
