import { zodResolver } from '@hookform/resolvers/zod';
import {
  isClosableComplaint,
  type Replacement,
  registerReplacementSchema,
  WARRANTY_MESSAGES,
  type WarrantyStatus,
} from '@karya/domain/warranty-schemas';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { useUnitRecord } from './api/get-unit-record';
import { useRegisterReplacement } from './api/register-replacement';
import { useWarrantyClaim } from './api/warranty-claim';

/** Spec 2 §5: a description and who checked it; the customer's details as installed. */
const issueFormSchema = registerReplacementSchema.pick({
  issueDescription: true,
  issueCheckedBy: true,
  customerName: true,
  customerPhone: true,
  complaintOrderId: true,
});
type IssueFormInput = z.input<typeof issueFormSchema>;
type IssueFormValues = z.output<typeof issueFormSchema>;

/**
 * 'register': the first issue on an installed unit (POST /register-replacement), with the
 * customer's name and phone prefilled from the installation. 'claim': a new issue on a record
 * whose last issue was replaced (POST /warranty-claim); the record goes back to pending.
 */
export type IssueTarget =
  | { kind: 'register'; status: WarrantyStatus }
  | { kind: 'claim'; replacementId: string; serialNumber: string; productName: string };

export function RegisterIssueModal({
  target,
  onClose,
  onRegistered,
}: {
  target: IssueTarget;
  onClose: () => void;
  /** The record as the server answered it, e.g. to open it in the detail modal. */
  onRegistered: (record: Replacement) => void;
}) {
  const notify = useNotify();
  const register = useRegisterReplacement();
  const claim = useWarrantyClaim();
  const [failure, setFailure] = useState<string | null>(null);
  const isClaim = target.kind === 'claim';
  // Issue 39 item 17: the open complaints of the installation, newest first (the unit
  // record lists them so); the newest is the one this issue answers unless told otherwise.
  const unitRecord = useUnitRecord(target.kind === 'register' ? target.status.serialNumber : '');
  const openComplaints = (unitRecord.data?.complaints ?? []).filter(
    (c) => c.status !== 'completed' && c.status !== 'transferred',
  );
  const newestComplaint = openComplaints[0]?.orderId ?? '';
  const form = useForm<IssueFormInput, unknown, IssueFormValues>({
    resolver: zodResolver(issueFormSchema),
    defaultValues: {
      issueDescription: '',
      issueCheckedBy: '',
      customerName: target.kind === 'register' ? (target.status.customerName ?? '') : '',
      customerPhone: target.kind === 'register' ? (target.status.customerPhone ?? '') : '',
      complaintOrderId: '',
    },
  });
  // The newest open complaint, preselected once the unit record has come.
  useEffect(() => {
    if (newestComplaint && !form.getFieldState('complaintOrderId').isDirty)
      form.setValue('complaintOrderId', newestComplaint);
  }, [newestComplaint, form]);
  const { errors, isSubmitting } = form.formState;
  const serialNumber = isClaim ? target.serialNumber : target.status.serialNumber;
  const productName = isClaim ? target.productName : target.status.productName;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const record =
        target.kind === 'claim'
          ? await claim.mutateAsync({
              replacementId: target.replacementId,
              issueDescription: values.issueDescription,
              issueCheckedBy: values.issueCheckedBy,
            })
          : await register.mutateAsync({
              serialNumber: target.status.serialNumber,
              workOrderId: target.status.workOrderId,
              customerName: values.customerName || null,
              customerPhone: values.customerPhone || null,
              complaintOrderId: values.complaintOrderId || null,
              issueDescription: values.issueDescription,
              issueCheckedBy: values.issueCheckedBy,
            });
      notify.success(isClaim ? WARRANTY_MESSAGES.updated : WARRANTY_MESSAGES.registered);
      onRegistered(record);
    } catch (error) {
      setFailure(
        errorMessage(
          error,
          isClaim ? WARRANTY_MESSAGES.updateFailed : WARRANTY_MESSAGES.registerFailed,
        ),
      );
    }
  });

  const title = isClaim ? 'Register New Issue' : 'Register Warranty Issue';
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={`${productName} · S/N ${serialNumber}`}
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="warranty-issue-form"
            loading={isSubmitting}
            loadingText="Registering..."
          >
            {isClaim ? 'Register New Issue' : 'Register Issue'}
          </Button>
        </>
      }
    >
      <form id="warranty-issue-form" onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <TextAreaField
          label="Issue Description*"
          rows={4}
          placeholder="What is wrong with the product?"
          error={errors.issueDescription?.message}
          {...form.register('issueDescription')}
        />
        <TextField
          label="Checked By*"
          placeholder="Who checked the issue"
          error={errors.issueCheckedBy?.message}
          {...form.register('issueCheckedBy')}
        />
        {isClaim ? null : (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Customer Name"
              error={errors.customerName?.message}
              {...form.register('customerName')}
            />
            <TextField
              label="Customer Phone"
              inputMode="tel"
              error={errors.customerPhone?.message}
              {...form.register('customerPhone')}
            />
          </div>
        )}
        {!isClaim && openComplaints.length > 0 ? (
          <SelectField
            label="Complaint"
            placeholder="No complaint"
            options={openComplaints.map((c) => ({
              value: c.orderId,
              label: `${c.orderId} · ${c.status}${isClosableComplaint(c.status) ? '' : ' (with technician)'}`,
            }))}
            {...form.register('complaintOrderId')}
          />
        ) : null}
      </form>
    </Modal>
  );
}
