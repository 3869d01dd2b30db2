import type { BranchDetail } from '@karya/domain/branch-schemas';
import { formatDateTime } from '@karya/domain/format';
import { formatPhone } from '@karya/domain/phone-rules';
import { QUOTE_MESSAGES, type Quotation } from '@karya/domain/quotation-schemas';
import { fullName } from '@karya/domain/user';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, IndianRupee, Pencil, RefreshCcw, Send } from 'lucide-react';
import { type ReactNode, useContext, useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, apiRequest, errorMessage } from '../../lib/api-client';
import { CustomerSectionsContext } from '../../shared/customer-sections';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DetailGrid } from '../../ui/detail-grid';
import { EmptyState } from '../../ui/empty-state';
import { useNotify } from '../../ui/notification-context';
import { PageHeader } from '../../ui/page-header';
import { SelectField } from '../../ui/select-field';
import { Loading } from '../../ui/spinner';
import { StatusPill } from '../../ui/status-pill';
import {
  businessProfileQuery,
  type SentQuotation,
  useBusinessProfile,
  useQuotation,
  useReviseQuotation,
  useSendQuotation,
} from './api';
import { ConfirmAdvanceDialog } from './confirm-advance-dialog';
import {
  contactOf,
  dayText,
  money,
  numberText,
  QUOTE_STATUS_TONES,
  statusLabel,
} from './quote-display';
import { QuoteLinesTable } from './quote-lines-table';
import { QuoteSharePanel } from './quote-share-panel';
import { QuoteTotalsPanel } from './quote-totals-panel';

/** A quote the customer may still answer: its link is worth sending. */
const OPEN_STATUSES: readonly Quotation['status'][] = ['sent', 'viewed', 'changes-requested'];

/**
 * A quotation (issue 35): the version shown (?version= for an earlier one), its status with
 * when it was sent and viewed, the lines by option with each total, the customer's answer
 * (acceptance with signature, or their note), the work order it opened, and what the
 * manager does next: Edit and Send a draft, Send on WhatsApp, Copy link, Revise, Download
 * PDF, Confirm advance.
 */
export function QuotationDetailsPage() {
  const { quotationId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('version'));
  const version = Number.isInteger(asked) && asked > 0 ? asked : null;
  const quote = useQuotation(quotationId, version);

  if (quote.data) {
    return (
      <QuotationDetails
        quote={quote.data}
        onVersion={(next) => {
          const updated = new URLSearchParams(params);
          if (next === null) updated.delete('version');
          else updated.set('version', String(next));
          setParams(updated, { replace: true });
        }}
      />
    );
  }
  if (quote.isPending) return <Loading label="Loading quotation..." />;
  const notFound = quote.error instanceof ApiError && quote.error.status === 404;
  return (
    <Card>
      <EmptyState
        title={notFound ? QUOTE_MESSAGES.notFound : 'Could not load the quotation'}
        description={
          notFound
            ? 'It may belong to another branch, or the link is wrong.'
            : `${errorMessage(quote.error, 'Failed to load the quotation')}. Try again in a moment.`
        }
        action={
          <Link to="/quotations" className="text-sm font-medium text-blue-700 hover:underline">
            Back to Quotations
          </Link>
        }
      />
    </Card>
  );
}

function QuotationDetails({
  quote,
  onVersion,
}: {
  quote: Quotation;
  onVersion: (version: number | null) => void;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const business = useBusinessProfile();
  const send = useSendQuotation(quote._id);
  const revise = useReviseQuotation(quote._id);
  const [sent, setSent] = useState<SentQuotation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [advancing, setAdvancing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const latest = Math.max(quote.version, ...quote.versions.map((v) => v.version));
  const isLatest = quote.version === latest;
  const unsent = quote.status === 'draft';
  const contact = contactOf(quote);
  const businessName = business.data?.tradeName || business.data?.legalName || '';
  const url = sent?.url ?? quote.url;

  const doSend = async () => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync();
      setSent(answer);
      notify.success(QUOTE_MESSAGES.sent);
    } catch (error) {
      setFailure(errorMessage(error, 'Could not send the quotation'));
    }
  };
  const doRevise = async () => {
    setFailure(null);
    try {
      const draft = await revise.mutateAsync();
      navigate(`/quotations/${draft._id}/edit`);
    } catch (error) {
      setFailure(errorMessage(error, 'Could not revise the quotation'));
    }
  };
  const download = async () => {
    setFailure(null);
    setDownloading(true);
    try {
      const [profile, branch, pdf] = await Promise.all([
        queryClient.fetchQuery(businessProfileQuery),
        // The branch's address and GSTIN head the page; without them the business's do.
        apiRequest<BranchDetail>(
          'GET',
          `/get-branch/${encodeURIComponent(quote.branch._id)}`,
        ).catch(() => null),
        import('./quote-pdf'),
      ]);
      const { undrawable } = await pdf.downloadQuotePdf({ quote, business: profile, branch });
      if (undrawable.length > 0)
        notify.info(`The PDF leaves out characters it cannot draw: ${undrawable.join(' ')}`);
    } catch (error) {
      setFailure(errorMessage(error, 'Could not make the PDF; please try again'));
    } finally {
      setDownloading(false);
    }
  };

  const facts: [string, ReactNode][] = [
    [
      contact.kind === 'lead' ? 'Lead' : 'Customer',
      <>
        {contact.name}
        {contact.phone ? (
          <span className="text-slate-500"> · {formatPhone(contact.phone)}</span>
        ) : null}
      </>,
    ],
    ['Branch', quote.branch.name],
    ['Project type', quote.projectType],
    ['Valid until', dayText(quote.validUntil)],
    ['Sent', quote.sentAt ? formatDateTime(quote.sentAt) : 'Not yet'],
    ['Viewed by the customer', quote.viewedAt ? formatDateTime(quote.viewedAt) : 'Not yet'],
    [
      'Created',
      `${formatDateTime(quote.createdAt)}${quote.createdBy ? ` by ${fullName(quote.createdBy)}` : ''}`,
    ],
  ];

  const sections =
    quote.options.length === 0
      ? [{ key: 'all', title: null as string | null, lines: quote.lines }]
      : [
          ...(quote.lines.some((line) => line.option === null)
            ? [
                {
                  key: 'common',
                  title: 'In every option',
                  lines: quote.lines.filter((line) => line.option === null),
                },
              ]
            : []),
          ...quote.options.map((option) => ({
            key: String(option.option),
            title: `Option ${option.option}: ${option.name}`,
            lines: quote.lines.filter((line) => line.option === option.option),
          })),
        ];

  return (
    <>
      <PageHeader
        title={`Quotation ${numberText(quote)}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusPill tone={QUOTE_STATUS_TONES[quote.status]}>
              {statusLabel(quote.status)}
            </StatusPill>
            <span>
              Version {quote.version}
              {isLatest ? '' : ` of ${latest}`}
            </span>
          </span>
        }
        actions={
          <Link
            to="/quotations"
            className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Quotations
          </Link>
        }
      />

      <div className="mb-4 flex flex-wrap items-end gap-2">
        {isLatest && unsent ? (
          <>
            <Button
              variant="secondary"
              icon={<Pencil aria-hidden="true" className="size-4" />}
              onClick={() => navigate(`/quotations/${quote._id}/edit`)}
            >
              Edit
            </Button>
            <Button
              icon={<Send aria-hidden="true" className="size-4" />}
              loading={send.isPending}
              loadingText="Sending..."
              onClick={() => void doSend()}
            >
              Send
            </Button>
          </>
        ) : null}
        {isLatest && !unsent && quote.status !== 'accepted' ? (
          <Button
            variant="secondary"
            icon={<RefreshCcw aria-hidden="true" className="size-4" />}
            loading={revise.isPending}
            loadingText="Revising..."
            onClick={() => void doRevise()}
          >
            Revise
          </Button>
        ) : null}
        <Button
          variant="secondary"
          icon={<Download aria-hidden="true" className="size-4" />}
          loading={downloading}
          loadingText="Making PDF..."
          onClick={() => void download()}
        >
          Download PDF
        </Button>
        {quote.status === 'accepted' && !quote.advance ? (
          <Button
            variant="secondary"
            icon={<IndianRupee aria-hidden="true" className="size-4" />}
            onClick={() => setAdvancing(true)}
          >
            Confirm advance
          </Button>
        ) : null}
        {quote.versions.length > 1 ? (
          <SelectField
            className="ml-auto w-full sm:w-56"
            label="Version"
            options={quote.versions.map((v) => ({
              value: String(v.version),
              label: `Version ${v.version}${v.sentAt ? ` · sent ${dayText(v.sentAt)}` : ' · draft'}`,
            }))}
            value={String(quote.version)}
            onChange={(event) => {
              const next = Number(event.target.value);
              onVersion(next === latest ? null : next);
            }}
          />
        ) : null}
      </div>
      {failure ? <Alert className="mb-4">{failure}</Alert> : null}
      {!isLatest ? (
        <Alert tone="info" className="mb-4">
          An earlier version. The customer's link opens the latest sent one.
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Details">
            <DetailGrid items={facts} />
          </Card>

          {sections.map((section) => (
            <Card key={section.key} title={section.title ?? 'Lines'} padded={false}>
              <QuoteLinesTable
                lines={section.lines}
                charged={quote.taxing.kind === 'tax-invoice'}
                label={section.title ?? 'Lines'}
                empty={
                  section.key === 'all' || section.key === 'common'
                    ? 'No lines.'
                    : 'Only the lines in every option.'
                }
              />
            </Card>
          ))}

          {quote.terms || quote.notes ? (
            <Card title="Terms and notes">
              {quote.terms ? (
                <p className="whitespace-pre-line text-sm text-slate-700">{quote.terms}</p>
              ) : null}
              {quote.notes ? (
                <p className="mt-3 whitespace-pre-line text-sm text-slate-500">{quote.notes}</p>
              ) : null}
            </Card>
          ) : null}
        </div>

        {/* On a phone what the customer said and the link come before the lines. */}
        <div className="order-first space-y-6 lg:order-none">
          <CustomerAnswer quote={quote} />
          {url && isLatest && OPEN_STATUSES.includes(quote.status) ? (
            <Card title="Customer's link">
              <QuoteSharePanel
                quote={quote}
                url={url}
                businessName={businessName}
                sentAutomatically={sent?.sentAutomatically ?? false}
              />
            </Card>
          ) : null}
          <Card title="Totals">
            <QuoteTotalsPanel
              blocks={quote.optionTotals.map((total) => ({
                option: total.option,
                name: total.name,
                tax: total.tax,
                total: total.total,
              }))}
              taxing={quote.taxing}
            />
          </Card>
        </div>
      </div>
      {advancing && quote.acceptance ? (
        <ConfirmAdvanceDialog
          quotationId={quote._id}
          acceptedTotal={quote.acceptance.total}
          onClose={() => setAdvancing(false)}
        />
      ) : null}
    </>
  );
}

/** A card named by its title, so the customer's answer is a landmark to find. */
function AnswerCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2
        id={id}
        className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5"
      >
        {title}
      </h2>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

/** What the customer said: the acceptance (who, when, what, signature, from where) or a note. */
function CustomerAnswer({ quote }: { quote: Quotation }) {
  const { acceptance, response, workOrder, advance } = quote;
  if (acceptance) {
    const option = quote.options.find((o) => o.option === acceptance.option);
    const ticked = quote.lines.filter((line) => acceptance.optionalLineIds.includes(line._id));
    return (
      <AnswerCard title="Accepted">
        <DetailGrid
          items={[
            ['By', acceptance.name],
            ['When', formatDateTime(acceptance.at)],
            ...(option ? ([['Option', option.name]] as [string, string][]) : []),
            [
              'Optional lines ticked',
              ticked.length > 0 ? ticked.map((line) => line.name).join(', ') : 'None',
            ],
            ['Total accepted', money(acceptance.total)],
            ['Version', String(acceptance.version)],
            ['From address', acceptance.ip ?? '—'],
          ]}
        />
        {acceptance.signature ? (
          <img
            src={acceptance.signature}
            alt={`Signature of ${acceptance.name}`}
            className="mt-3 max-h-32 rounded border border-slate-200 bg-white"
          />
        ) : null}
        {workOrder ? <OpenedOrder quote={quote} orderId={workOrder.orderId} /> : null}
        {advance ? (
          <Alert tone="success" className="mt-3">
            Advance of {money(advance.amount)} confirmed (UPI {advance.transactionId}) on{' '}
            {formatDateTime(advance.confirmedAt)}
            {advance.confirmedBy ? ` by ${fullName(advance.confirmedBy)}` : ''}.
          </Alert>
        ) : null}
      </AnswerCard>
    );
  }
  if (response) {
    return (
      <AnswerCard title={response.kind === 'declined' ? 'Declined' : 'Changes requested'}>
        <p className="whitespace-pre-line text-sm text-slate-800">“{response.note}”</p>
        <p className="mt-2 text-xs text-slate-500">{formatDateTime(response.at)}</p>
        {response.kind === 'changes-requested' ? (
          <p className="mt-2 text-sm text-slate-600">Revise the quotation to send a new version.</p>
        ) : null}
      </AnswerCard>
    );
  }
  return null;
}

/**
 * The New Installation the acceptance opened: its id opens Project Details, as a contract's
 * visits and a customer's orders do (the desk's customer sections), else it is named.
 */
function OpenedOrder({ quote, orderId }: { quote: Quotation; orderId: string }) {
  const sections = useContext(CustomerSectionsContext);
  const [open, setOpen] = useState(false);
  const customerId = quote.customer?._id;
  return (
    <>
      <p className="mt-3 text-sm text-slate-700">
        Work order{' '}
        {sections && customerId ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="font-medium text-blue-700 hover:underline"
          >
            {orderId}
          </button>
        ) : (
          <span className="font-medium">{orderId}</span>
        )}{' '}
        is in{' '}
        <Link to="/work-orders" className="font-medium text-blue-700 hover:underline">
          Pending Work Orders
        </Link>
        .
      </p>
      {open && sections && customerId ? (
        <sections.WorkOrderDetails
          customerId={customerId}
          orderId={orderId}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
