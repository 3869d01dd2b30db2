import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime } from '@karya/domain/format';
import { type BusinessProfile, INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { Loading } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { useBusinessProfile } from './api/get-business-profile';
import { useSaveBusinessProfile } from './api/save-business-profile';
import {
  type BusinessProfileValues,
  bodyOf,
  businessProfileFormSchema,
  TALLY_LEDGERS,
  valuesOf,
} from './business-profile-form';
import { LogoField } from './logo-field';
import { YourDataSection } from './your-data-section';

/**
 * Business Profile (admins, issue 19): who the business is on every invoice and bill of
 * supply, and whether it is GST-registered at all.
 */
export function BusinessProfilePage() {
  const profile = useBusinessProfile();
  return (
    <>
      <PageHeader
        title="Business Profile"
        description="Printed at the top of every invoice, bill of supply and quotation."
      />
      {profile.data && profile.isFetchedAfterMount && !profile.isError ? (
        <div className="space-y-6">
          <BusinessProfileForm profile={profile.data} />
          <YourDataSection />
        </div>
      ) : !profile.isError ? (
        <Loading label="Loading business profile..." />
      ) : (
        <Card className="max-w-3xl">
          <div className="space-y-3">
            <Alert>
              {errorMessage(profile.error, 'Server error. Failed to fetch the business profile.')}
            </Alert>
            <Button
              variant="secondary"
              loading={profile.isFetching}
              onClick={() => void profile.refetch()}
            >
              Try again
            </Button>
          </div>
        </Card>
      )}
    </>
  );
}

function BusinessProfileForm({ profile }: { profile: BusinessProfile }) {
  const notify = useNotify();
  const save = useSaveBusinessProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BusinessProfileValues>({
    resolver: zodResolver(businessProfileFormSchema),
    defaultValues: valuesOf(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      reset(valuesOf(saved));
      notify.success(INVOICE_MESSAGES.profileSaved);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to save the business profile'));
    }
  });

  return (
    <Card className="max-w-3xl">
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        {failure ? <Alert>{failure}</Alert> : null}
        {profile.updatedAt === null ? (
          <Alert tone="info">
            Not set up yet: invoices print the legal name, address and logo saved here.
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Legal name*"
            placeholder="As on the GST registration"
            autoComplete="organization"
            error={errors.legalName?.message}
            disabled={isSubmitting}
            {...register('legalName')}
          />
          <TextField
            label="Trade name"
            placeholder="The name customers know, if different"
            error={errors.tradeName?.message}
            disabled={isSubmitting}
            {...register('tradeName')}
          />
        </div>
        <Controller
          control={control}
          name="logo"
          render={({ field }) => (
            <LogoField value={field.value} onChange={field.onChange} disabled={isSubmitting} />
          )}
        />
        <TextAreaField
          label="Address"
          placeholder="Registered address of the business"
          autoComplete="street-address"
          error={errors.address?.message}
          disabled={isSubmitting}
          {...register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="e.g. 020 2545 1234"
            error={errors.phone?.message}
            disabled={isSubmitting}
            {...register('phone')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="e.g. accounts@yourbusiness.in"
            error={errors.email?.message}
            disabled={isSubmitting}
            {...register('email')}
          />
        </div>
        <Controller
          control={control}
          name="gstRegistered"
          render={({ field }) => (
            <GstRegisteredSwitch
              checked={field.value}
              onChange={field.onChange}
              disabled={isSubmitting}
            />
          )}
        />
        <div>
          <TextAreaField
            label="Quotation terms"
            rows={5}
            placeholder="e.g. 50% advance with the order, the rest on installation."
            error={errors.quoteTerms?.message}
            disabled={isSubmitting}
            {...register('quoteTerms')}
          />
          <p className="mt-1 text-xs text-slate-500">
            Every new quotation starts with these terms; the manager may change them on each quote.
          </p>
        </div>
        <fieldset className="space-y-3" disabled={isSubmitting}>
          <legend className="text-sm font-medium text-slate-900">Tally ledgers</legend>
          <p className="text-xs text-slate-500">
            ‘Export to Tally’ posts invoices and receipts to these ledgers: use the names they have
            in your accountant’s Tally company.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {TALLY_LEDGERS.map(({ key, label }) => (
              <TextField key={key} label={label} error={errors[key]?.message} {...register(key)} />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <p className="text-xs text-slate-500">
            {profile.updatedAt ? `Last saved ${formatDateTime(profile.updatedAt)}` : 'Never saved'}
          </p>
          <Button type="submit" loading={isSubmitting} loadingText="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

function GstRegisteredSwitch({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-4"
    >
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="peer sr-only"
        disabled={disabled}
      />
      <span
        aria-hidden="true"
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-blue-600 peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600"
      />
      <span className="text-sm">
        <span className="block font-medium text-slate-900">GST-registered business</span>
        <span className="block text-slate-500">
          On: branches with their own GSTIN issue Tax Invoices. Off: every branch issues a Bill of
          Supply and charges no GST.
        </span>
      </span>
    </label>
  );
}
