import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_UPDATE_LANGUAGE } from '@karya/domain/customer-updates';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { useSessionUser } from '../../lib/use-session-user';
import { useBranchStateCode } from '../../shared/branch-state';
import { useBranches } from '../../shared/get-branches';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useNotify } from '../../ui/notification-context';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { branchId, type Customer } from './api/contact-types';
import { useUpdateCustomer } from './api/update-customer';
import { CONTACT_MESSAGES, joinPhone, splitPhone } from './contact-rules';
import {
  ageValue,
  type EditCustomerValues,
  editCustomerSchema,
  stateOfGstin,
  taxBodyOf,
} from './contact-schemas';
import { ContactTaxFields } from './contact-tax-fields';
import { PhoneField } from './phone-field';
import { UpdateLanguageField } from './update-language-field';

/** Spec 1 §2.10: Edit Customer. */
export function EditCustomerModal({
  customer,
  onClose,
}: {
  customer: Customer;
  onClose: () => void;
}) {
  const viewer = useSessionUser();
  const pickBranch = viewer.role === 'admin';
  const branches = useBranches(pickBranch);
  const update = useUpdateCustomer(customer._id);
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const phone = splitPhone(customer.phoneNumber);
  const whatsapp = splitPhone(customer.whatsappNumber);
  const form = useForm<EditCustomerValues>({
    resolver: zodResolver(editCustomerSchema),
    defaultValues: {
      name: customer.name,
      email: customer.email ?? '',
      phoneCode: phone.code,
      phone: phone.digits,
      whatsappCode: whatsapp.code,
      whatsapp: whatsapp.digits,
      address: customer.address ?? '',
      age: customer.age != null ? String(customer.age) : '',
      branch: branchId(customer.branch),
      status: customer.status ?? 'active',
      stateCode: customer.stateCode ?? '',
      gstin: customer.gstin ?? '',
      preferredLanguage: customer.preferredLanguage ?? DEFAULT_UPDATE_LANGUAGE,
    },
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const branchStateCode = useBranchStateCode(form.watch('branch'));

  // A customer saved before states were asked (issue 19): a typed GSTIN's state, else the
  // branch's, as a start, until the user picks one.
  const statePicked = Boolean(dirtyFields.stateCode);
  const gstinState = stateOfGstin(form.watch('gstin'));
  useEffect(() => {
    const state = gstinState ?? branchStateCode;
    if (!customer.stateCode && state && !statePicked) form.setValue('stateCode', state);
  }, [customer.stateCode, gstinState, branchStateCode, statePicked, form]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        name: values.name.trim(),
        phoneNumber: joinPhone(values.phoneCode, values.phone),
        whatsappNumber: joinPhone(values.whatsappCode, values.whatsapp),
        email: values.email.trim(),
        address: values.address.trim(),
        age: ageValue(values.age),
        branch: values.branch,
        status: values.status,
        preferredLanguage: values.preferredLanguage,
        ...taxBodyOf(values),
      });
      notify.success(CONTACT_MESSAGES.customerUpdated);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to update customer'));
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      title="Edit Customer"
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="edit-customer-form"
            loading={isSubmitting}
            loadingText="Saving..."
          >
            Save Changes
          </Button>
        </>
      }
    >
      <form id="edit-customer-form" onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name*" error={errors.name?.message} {...form.register('name')} />
          <TextField
            label="Email*"
            type="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PhoneField
            label="Phone Number*"
            codeProps={form.register('phoneCode')}
            numberProps={form.register('phone')}
            error={errors.phone?.message}
          />
          <PhoneField
            label="WhatsApp Number"
            codeProps={form.register('whatsappCode')}
            numberProps={form.register('whatsapp')}
          />
          <TextField
            label="Age"
            type="number"
            min={0}
            inputMode="numeric"
            error={errors.age?.message}
            {...form.register('age')}
          />
          {pickBranch ? (
            <SelectField
              label="Branch"
              options={(branches.data ?? []).map((branch) => ({
                value: branch._id,
                label: branch.name,
              }))}
              {...form.register('branch')}
            />
          ) : null}
          <SelectField
            label="Status"
            options={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ]}
            {...form.register('status')}
          />
          <UpdateLanguageField disabled={isSubmitting} {...form.register('preferredLanguage')} />
        </div>
        <TextAreaField label="Address" rows={2} {...form.register('address')} />
        <ContactTaxFields register={form.register} errors={errors} disabled={isSubmitting} />
      </form>
    </Modal>
  );
}
