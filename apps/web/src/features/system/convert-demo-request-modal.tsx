import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone } from '@karya/domain/phone-rules';
import {
  type ConvertDemoRequestInput,
  convertDemoRequestSchema,
  DEMO_REQUEST_MESSAGES,
  type DemoRequest,
} from '@karya/domain/system-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { useConvertDemoRequest } from './api/convert-demo-request';

/** The remark the lead starts with, unless the admin writes another. */
export function defaultRemark(request: Pick<DemoRequest, 'city'>): string {
  return `Booked a demo on the website${request.city ? ` (city: ${request.city})` : ''}`;
}

/**
 * Convert to Lead: the admin picks the branch that will call the visitor back. The lead is
 * made by the contacts service on the server; its phone is the one the visitor gave.
 */
export function ConvertDemoRequestModal({
  request,
  onClose,
}: {
  request: DemoRequest;
  onClose: () => void;
}) {
  const notify = useNotify();
  const branches = useBranches();
  const convert = useConvertDemoRequest(request._id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConvertDemoRequestInput>({
    resolver: zodResolver(convertDemoRequestSchema),
    defaultValues: { branchId: '', name: request.name, remark: defaultRemark(request) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await convert.mutateAsync(values);
      notify.success(DEMO_REQUEST_MESSAGES.converted);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add lead'));
    }
  });

  const options = (branches.data ?? [])
    .filter((branch) => branch.status === 'active')
    .map((branch) => ({ value: branch._id, label: branch.name }));

  return (
    <Modal
      open
      onClose={onClose}
      title="Convert to Lead"
      description={`${formatPhone(request.phoneNumber)}${request.city ? ` · ${request.city}` : ''}`}
      size="md"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="convert-demo-request"
            loading={isSubmitting}
            loadingText="Converting..."
          >
            Convert to Lead
          </Button>
        </>
      }
    >
      <form id="convert-demo-request" onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        {branches.isError ? (
          <Alert>{errorMessage(branches.error, 'Failed to fetch branches')}</Alert>
        ) : null}
        <SelectField
          label="Branch*"
          placeholder={branches.isPending ? 'Loading branches...' : 'Select a branch'}
          options={options}
          error={errors.branchId?.message}
          {...register('branchId')}
        />
        {!branches.isPending && options.length === 0 ? (
          <p className="text-sm text-slate-500">
            No branches available. Please add a branch first.
          </p>
        ) : null}
        <TextField label="Lead Name*" error={errors.name?.message} {...register('name')} />
        <TextAreaField
          label="Initial Remark"
          error={errors.remark?.message}
          {...register('remark')}
        />
      </form>
    </Modal>
  );
}
