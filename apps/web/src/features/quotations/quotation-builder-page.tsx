import { PROJECT_TYPES, type ProjectType } from '@karya/domain/contact-schemas';
import { formatPhone } from '@karya/domain/phone-rules';
import {
  QUOTE_MAX_OPTIONS,
  type Quotation,
  type QuoteTaxing,
} from '@karya/domain/quotation-schemas';
import { ArrowLeft, Plus, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { FilterGroup } from '../../ui/filter-group';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import {
  type QuoteContact,
  useBusinessProfile,
  useCreateQuotation,
  useQuotation,
  useQuoteContact,
  useUpdateQuotation,
} from './api';
import {
  ASSUMED_TAXING,
  type BuilderErrors,
  type BuilderLine,
  type BuilderValues,
  bodyOf,
  catalogueLine,
  checkBuilder,
  emptyBuilder,
  errorsOf,
  fieldOfMessage,
  freeLine,
  pathOf,
  previewTotals,
  setOptionCount,
  valuesOf,
} from './builder-state';
import { contactOf, money } from './quote-display';
import { QuoteItemPicker } from './quote-item-picker';
import { QuoteLineRow } from './quote-line-row';
import { QuoteTotalsPanel } from './quote-totals-panel';

/** /quotations/new?leadId=…|customerId=…: a new draft for that contact. */
export function NewQuotationPage() {
  const [params] = useSearchParams();
  const leadId = params.get('leadId') ?? '';
  const customerId = params.get('customerId') ?? '';
  const kind = customerId ? 'customer' : 'lead';
  const contact = useQuoteContact(kind, customerId || leadId);
  if (!leadId && !customerId) {
    return (
      <BuilderProblem message="A quotation starts from a lead or a customer: open them in Customers and press New quotation." />
    );
  }
  if (contact.data) {
    return <QuotationBuilder contact={contact.data} quote={null} />;
  }
  if (contact.isPending) return <Loading label="Loading the contact..." />;
  return (
    <BuilderProblem
      message={
        contact.error instanceof ApiError && contact.error.status === 404
          ? `This ${kind} was not found.`
          : errorMessage(contact.error, `Failed to load the ${kind}`)
      }
    />
  );
}

/** /quotations/:id/edit: a draft (never sent, or a revision not sent yet). */
export function EditQuotationPage() {
  const { quotationId = '' } = useParams();
  const quote = useQuotation(quotationId, null);
  if (quote.data) {
    if (quote.data.status !== 'draft') {
      return (
        <BuilderProblem
          message="Only a draft can be edited; revise the quotation to change it."
          back={`/quotations/${quote.data._id}`}
        />
      );
    }
    const contact = contactOf(quote.data);
    const owner = quote.data.customer ?? quote.data.lead;
    return (
      <QuotationBuilder
        // A fresh builder per saved version, so what the server answered is what shows.
        key={`${quote.data._id}-${quote.data.version}`}
        quote={quote.data}
        contact={{
          kind: contact.kind,
          _id: owner?._id ?? '',
          name: contact.name,
          phoneNumber: contact.phone,
          address: '',
        }}
      />
    );
  }
  if (quote.isPending) return <Loading label="Loading quotation..." />;
  return (
    <BuilderProblem
      message={
        quote.error instanceof ApiError && quote.error.status === 404
          ? 'Quotation not found'
          : errorMessage(quote.error, 'Failed to load the quotation')
      }
    />
  );
}

function BuilderProblem({ message, back = '/quotations' }: { message: string; back?: string }) {
  return (
    <Card>
      <EmptyState
        title="Cannot open the quotation builder"
        description={message}
        action={
          <Link to={back} className="text-sm font-medium text-blue-700 hover:underline">
            Back
          </Link>
        }
      />
    </Card>
  );
}

const OPTION_COUNTS = [
  { value: '0', label: 'No options' },
  { value: '2', label: '2 options' },
  { value: '3', label: '3 options' },
] as const;

/**
 * The quotation builder (issue 35): the contact on top, the project type, the options
 * (none, or Good / Better / Best), lines from the catalogue or free, the whole discount,
 * validity, terms and notes, with each option's total beside it as the bill would tax it.
 * Save draft creates the quote (POST), then saves it (PATCH); the server's refusals show at
 * the box or row they name, and nothing typed is lost.
 */
function QuotationBuilder({ contact, quote }: { contact: QuoteContact; quote: Quotation | null }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [values, setValues] = useState<BuilderValues>(() =>
    quote ? valuesOf(quote) : emptyBuilder('CCTV Camera'),
  );
  const [errors, setErrors] = useState<BuilderErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const profile = useBusinessProfile();
  const [termsTouched, setTermsTouched] = useState(quote !== null);
  // A new quote starts with the business's quotation terms, until the manager types their own.
  const defaultTerms = profile.data?.quoteTerms ?? '';
  const shown = termsTouched ? values : { ...values, terms: defaultTerms };
  const create = useCreateQuotation();
  const update = useUpdateQuotation(quote?._id ?? '');
  const saving = create.isPending || update.isPending;
  const taxing: QuoteTaxing = quote?.taxing ?? ASSUMED_TAXING;
  const previews = previewTotals(values, taxing);

  const change = (next: BuilderValues) => setValues(next);
  const changeLine = (key: string, patch: Partial<BuilderLine>) =>
    change({
      ...values,
      lines: values.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)),
    });

  const save = async (then: 'stay' | 'details') => {
    setFailure(null);
    const problems = checkBuilder(shown);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFailure(problems[''] ?? 'Please correct the marked boxes.');
      return;
    }
    const { terms, ...rest } = bodyOf(shown);
    // Blank on a new quote: the server fills in the business profile's terms.
    const body = terms.trim() || quote ? { ...rest, terms } : rest;
    try {
      const saved = quote
        ? await update.mutateAsync(body)
        : await create.mutateAsync({
            ...body,
            ...(contact.kind === 'lead' ? { leadId: contact._id } : { customerId: contact._id }),
          });
      notify.success('Quotation saved');
      if (then === 'details') navigate(`/quotations/${saved._id}`);
      else if (!quote) navigate(`/quotations/${saved._id}/edit`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setErrors(
          errorsOf(
            values,
            error.fieldErrors.map((field) => ({
              path: pathOf(field.field),
              message: field.message,
            })),
          ),
        );
      } else if (error instanceof ApiError) {
        const field = fieldOfMessage(error.message);
        if (field) setErrors({ [field]: error.message });
      }
      setFailure(errorMessage(error, 'Failed to save the quotation'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save('stay');
  };

  const optionCount = String(values.options.length) as (typeof OPTION_COUNTS)[number]['value'];
  const title = quote
    ? quote.number
      ? `Revise ${quote.displayNumber ?? `${quote.number}-R${quote.version}`}`
      : 'Edit quotation'
    : 'New quotation';

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Link
            to={quote ? `/quotations/${quote._id}` : '/quotations'}
            className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {quote ? 'Back to the quotation' : 'Back to Quotations'}
          </Link>
        }
      />
      <form onSubmit={onSubmit} noValidate aria-label="Quotation" className="pb-24 lg:pb-0">
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Card title="For">
              <p className="text-base font-semibold text-slate-900">{contact.name}</p>
              <p className="text-sm text-slate-500">
                {contact.kind === 'lead' ? 'Lead' : 'Customer'}
                {contact.phoneNumber ? ` · ${formatPhone(contact.phoneNumber)}` : ''}
                {contact.address ? ` · ${contact.address}` : ''}
              </p>
              <SelectField
                className="mt-4 sm:max-w-xs"
                label="Project type"
                options={PROJECT_TYPES.map((type) => ({ value: type, label: type }))}
                value={values.projectType}
                error={errors.projectType}
                onChange={(event) =>
                  change({ ...values, projectType: event.target.value as ProjectType })
                }
              />
            </Card>

            <Card title="Options">
              <p className="mb-3 text-sm text-slate-500">
                Up to {QUOTE_MAX_OPTIONS} choices of which the customer picks one; lines for 'All
                options' are in every one.
              </p>
              <FilterGroup
                label="How many options"
                options={OPTION_COUNTS}
                value={optionCount}
                onChange={(count) => change(setOptionCount(values, Number(count)))}
                wrap
              />
              {values.options.length > 0 ? (
                <div className="mt-3 grid gap-3 sm:grid-cols-3">
                  {values.options.map((option, index) => (
                    <TextField
                      key={option.option}
                      label={`Option ${option.option} name`}
                      value={option.name}
                      maxLength={40}
                      error={errors[`options.${index}`]}
                      onChange={(event) =>
                        change({
                          ...values,
                          options: values.options.map((other) =>
                            other.option === option.option
                              ? { ...other, name: event.target.value }
                              : other,
                          ),
                        })
                      }
                    />
                  ))}
                </div>
              ) : null}
              {errors.options ? (
                <p className="mt-2 text-xs text-red-600">{errors.options}</p>
              ) : null}
            </Card>

            <Card title="Lines">
              <div className="space-y-3">
                {values.lines.length === 0 ? (
                  <p className="text-sm text-slate-500">
                    No lines yet: add products and services from the catalogue, or a free line.
                  </p>
                ) : (
                  values.lines.map((line, index) => (
                    <QuoteLineRow
                      key={line.key}
                      line={line}
                      index={index}
                      options={values.options}
                      errors={errors}
                      onChange={(patch) => changeLine(line.key, patch)}
                      onRemove={() =>
                        change({
                          ...values,
                          lines: values.lines.filter((other) => other.key !== line.key),
                        })
                      }
                    />
                  ))
                )}
                {errors.lines ? <p className="text-xs text-red-600">{errors.lines}</p> : null}
                <div className="rounded-lg bg-slate-50 p-3">
                  <h3 className="mb-2 text-sm font-semibold text-slate-900">Add from catalogue</h3>
                  <QuoteItemPicker
                    onPick={(item) =>
                      change({ ...values, lines: [...values.lines, catalogueLine(item)] })
                    }
                  />
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    className="mt-3"
                    icon={<Plus aria-hidden="true" className="size-4" />}
                    onClick={() => change({ ...values, lines: [...values.lines, freeLine()] })}
                  >
                    Add free line
                  </Button>
                </div>
              </div>
            </Card>

            <Card title="Terms">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Discount on the whole (₹)"
                  value={values.discount}
                  inputMode="decimal"
                  placeholder="0"
                  hint="Before tax, spread over the lines"
                  error={errors.discount}
                  onChange={(event) => change({ ...values, discount: event.target.value })}
                />
                <TextField
                  label="Valid until"
                  type="date"
                  value={values.validUntil}
                  error={errors.validUntil}
                  onChange={(event) => change({ ...values, validUntil: event.target.value })}
                />
              </div>
              <TextAreaField
                className="mt-4"
                label="Terms"
                rows={4}
                value={shown.terms}
                placeholder={quote ? '' : 'Left empty: the business profile’s quotation terms'}
                error={errors.terms}
                onChange={(event) => {
                  setTermsTouched(true);
                  change({ ...values, terms: event.target.value });
                }}
              />
              <TextAreaField
                className="mt-4"
                label="Notes"
                rows={3}
                value={values.notes}
                error={errors.notes}
                onChange={(event) => change({ ...values, notes: event.target.value })}
              />
            </Card>
          </div>

          <div className="lg:sticky lg:top-20 lg:self-start">
            <Card title="Totals">
              <QuoteTotalsPanel
                blocks={previews.map((preview) => ({
                  option: preview.option,
                  name: preview.name,
                  tax: preview.totals.tax,
                  total: preview.totals.total,
                  withOptional: preview.withOptional,
                }))}
                taxing={taxing}
                note={quote ? null : 'Saving confirms the split by the site’s state.'}
              />
            </Card>
          </div>
        </div>

        <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white/95 p-3 backdrop-blur md:pl-64 lg:static lg:mt-6 lg:border-0 lg:bg-transparent lg:p-0">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-2 px-1 lg:px-0">
            {failure ? (
              <p role="alert" className="mr-auto text-sm text-red-700">
                {failure}
              </p>
            ) : (
              <p className="mr-auto text-sm text-slate-700 tabular-nums lg:hidden">
                {previews
                  .map((preview) =>
                    preview.name
                      ? `${preview.name} ${money(preview.totals.total)}`
                      : `Total ${money(preview.totals.total)}`,
                  )
                  .join(' · ')}
              </p>
            )}
            <Button
              type="submit"
              variant="secondary"
              loading={saving}
              loadingText="Saving..."
              icon={<Save aria-hidden="true" className="size-4" />}
            >
              Save draft
            </Button>
            <Button type="button" disabled={saving} onClick={() => void save('details')}>
              Save and preview
            </Button>
          </div>
        </div>
      </form>
    </>
  );
}
