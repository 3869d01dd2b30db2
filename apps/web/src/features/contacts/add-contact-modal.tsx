import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_COUNTRY_CODE,
  PHONE_MIN_DIGITS,
  PROJECT_TYPES,
} from '@karya/domain/contact-schemas';
import { DEFAULT_UPDATE_LANGUAGE } from '@karya/domain/customer-updates';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
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
import type { ContactType } from './api/contact-types';
import { useCreateCustomer } from './api/create-customer';
import { useCreateLead } from './api/create-lead';
import {
  CONTACT_MESSAGES,
  digitsOnly,
  joinPhone,
  LEAD_ADDED_DELAY_MS,
  splitPhone,
} from './contact-rules';
import {
  type AddContactValues,
  addContactSchema,
  ageValue,
  stateOfGstin,
  taxBodyOf,
} from './contact-schemas';
import { ContactTaxFields } from './contact-tax-fields';
import { ExistingRecordsBox } from './existing-records-box';
import { LeadStatusChoice } from './lead-status-badge';
import { PhoneField } from './phone-field';
import { UpdateLanguageField } from './update-language-field';

export interface AddContactModalProps {
  /** From an empty search that looked like a phone number. */
  initialPhone?: string | undefined;
  initialType?: ContactType | undefined;
  defaultBranch?: string | null | undefined;
  onClose: () => void;
}

/** Spec 1 §2.10: Add Lead/Customer. */
export function AddContactModal({
  initialPhone,
  initialType = 'lead',
  defaultBranch,
  onClose,
}: AddContactModalProps) {
  const viewer = useSessionUser();
  const pickBranch = viewer.role === 'admin';
  const branches = useBranches(pickBranch);
  const createLead = useCreateLead();
  const createCustomer = useCreateCustomer();
  const notify = useNotify();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const initial = splitPhone(initialPhone);

  const form = useForm<AddContactValues>({
    resolver: zodResolver(addContactSchema(pickBranch)),
    defaultValues: {
      contactType: initialType,
      name: '',
      phoneCode: initialPhone ? initial.code : DEFAULT_COUNTRY_CODE,
      phone: initial.digits,
      email: '',
      sameAsPhone: false,
      whatsappCode: DEFAULT_COUNTRY_CODE,
      whatsapp: '',
      age: '',
      branch: defaultBranch ?? '',
      address: '',
      remark: '',
      remarkStatus: 'neutral',
      projectType: '',
      stateCode: '',
      gstin: '',
      preferredLanguage: DEFAULT_UPDATE_LANGUAGE,
    },
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const contactType = form.watch('contactType');
  const sameAsPhone = form.watch('sameAsPhone');
  const phoneCode = form.watch('phoneCode');
  const phone = digitsOnly(form.watch('phone'));
  const remarkStatus = form.watch('remarkStatus');
  const busy = isSubmitting || done;
  const branchStateCode = useBranchStateCode(pickBranch ? form.watch('branch') : null);

  // The state (issue 19): a typed GSTIN's, else the branch's, until the user picks one.
  const statePicked = Boolean(dirtyFields.stateCode);
  const gstinState = stateOfGstin(form.watch('gstin'));
  useEffect(() => {
    const state = gstinState ?? branchStateCode;
    if (state && !statePicked) form.setValue('stateCode', state);
  }, [gstinState, branchStateCode, statePicked, form]);

  // 'Same as phone number' mirrors the phone into the WhatsApp inputs while it is ticked.
  useEffect(() => {
    if (!sameAsPhone) return;
    form.setValue('whatsappCode', phoneCode);
    form.setValue('whatsapp', phone);
  }, [sameAsPhone, phoneCode, phone, form]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const phoneNumber = joinPhone(values.phoneCode, values.phone);
    const base = {
      name: values.name.trim(),
      phoneNumber,
      email: values.email.trim(),
      whatsappNumber: values.sameAsPhone
        ? phoneNumber
        : joinPhone(values.whatsappCode, values.whatsapp),
      address: values.address.trim(),
      age: ageValue(values.age),
      branch: pickBranch ? values.branch : (viewer.branch?._id ?? ''),
      preferredLanguage: values.preferredLanguage,
      ...taxBodyOf(values),
    };
    try {
      if (values.contactType === 'lead') {
        await createLead.mutateAsync({
          ...base,
          initialRemark: { text: values.remark.trim(), status: values.remarkStatus },
          status: values.remarkStatus,
        });
        notify.success(CONTACT_MESSAGES.leadAdded);
        setDone(true);
        // Spec 1 §9: the form's success callback runs 1.5 s after the lead is saved.
        closeTimer.current = setTimeout(onClose, LEAD_ADDED_DELAY_MS);
      } else {
        await createCustomer.mutateAsync({
          ...base,
          projectType: values.projectType,
          initialRemark: values.remark.trim(),
        });
        notify.success(CONTACT_MESSAGES.leadAdded);
        onClose();
        navigate('/work-orders');
      }
    } catch (error) {
      setFailure(
        errorMessage(
          error,
          values.contactType === 'lead' ? 'Failed to add lead' : 'Failed to add customer',
        ),
      );
    }
  });

  const typeOption = (type: ContactType, label: string) => (
    <label
      className={cx(
        'flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
        contactType === type ? 'bg-white text-blue-700 shadow-sm' : 'text-slate-600',
      )}
    >
      <input
        type="radio"
        name="contact-type"
        value={type}
        checked={contactType === type}
        onChange={() => form.setValue('contactType', type)}
        disabled={busy}
        className="sr-only"
      />
      {label}
    </label>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title="Add New Lead/Customer"
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="add-contact-form"
            loading={isSubmitting}
            loadingText="Saving..."
            disabled={done}
          >
            {contactType === 'lead' ? 'Add Lead' : 'Add Customer'}
          </Button>
        </>
      }
    >
      <form id="add-contact-form" onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <fieldset>
          <legend className="sr-only">Contact Type</legend>
          <div className="flex gap-1 rounded-lg bg-slate-100 p-1">
            {typeOption('lead', 'Lead')}
            {typeOption('customer', 'Customer')}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name*"
            error={errors.name?.message}
            disabled={busy}
            {...form.register('name')}
          />
          <PhoneField
            label="Phone Number*"
            codeProps={form.register('phoneCode')}
            numberProps={form.register('phone')}
            error={errors.phone?.message}
            disabled={busy}
          />
          <TextField
            label="Email"
            type="email"
            error={errors.email?.message}
            disabled={busy}
            {...form.register('email')}
          />
          <div>
            <PhoneField
              label="WhatsApp Number"
              codeProps={form.register('whatsappCode')}
              numberProps={{ ...form.register('whatsapp'), readOnly: sameAsPhone }}
              disabled={busy || sameAsPhone}
            />
            <label className="mt-1.5 flex items-center gap-2 text-sm text-slate-600">
              <input
                type="checkbox"
                className="accent-blue-600"
                disabled={busy}
                {...form.register('sameAsPhone')}
              />
              Same as phone number
            </label>
          </div>
          <TextField
            label="Age"
            type="number"
            min={1}
            inputMode="numeric"
            error={errors.age?.message}
            disabled={busy}
            {...form.register('age')}
          />
          {pickBranch ? (
            <SelectField
              label="Branch*"
              placeholder="Select a branch"
              options={(branches.data ?? []).map((branch) => ({
                value: branch._id,
                label: branch.name,
              }))}
              error={errors.branch?.message}
              disabled={busy}
              {...form.register('branch')}
            />
          ) : null}
        </div>
        <TextAreaField label="Address" rows={2} disabled={busy} {...form.register('address')} />
        <ContactTaxFields register={form.register} errors={errors} disabled={busy} />
        <UpdateLanguageField disabled={busy} {...form.register('preferredLanguage')} />
        {phone.length >= PHONE_MIN_DIGITS ? (
          // Spec 1 §5: looked up from 8 digits; a 10-digit number given at the start at once.
          <ExistingRecordsBox
            phoneDigits={phone}
            immediate={phone === initial.digits && phone.length === 10}
          />
        ) : null}
        {contactType === 'lead' ? (
          <div className="space-y-3 rounded-lg border border-slate-200 p-4">
            <TextAreaField label="Initial Remark" disabled={busy} {...form.register('remark')} />
            <LeadStatusChoice
              label="Lead Status"
              name="add-contact-status"
              value={remarkStatus}
              onChange={(status) => form.setValue('remarkStatus', status)}
            />
          </div>
        ) : (
          <div className="space-y-3 rounded-lg border border-slate-200 p-4">
            <SelectField
              label="Project Type*"
              placeholder="Select project type"
              options={PROJECT_TYPES.map((type) => ({ value: type, label: type }))}
              error={errors.projectType?.message}
              disabled={busy}
              {...form.register('projectType')}
            />
            <TextAreaField label="Initial Remark" disabled={busy} {...form.register('remark')} />
          </div>
        )}
      </form>
    </Modal>
  );
}
