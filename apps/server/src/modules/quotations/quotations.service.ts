import { randomBytes } from 'node:crypto';
import { CONTACT_MESSAGES } from '@karya/domain/contact-schemas';
import { whatsappNumberOf } from '@karya/domain/dues';
import { financialYearOf } from '@karya/domain/financial-year';
import { formatDate } from '@karya/domain/format';
import { INVOICE_MESSAGES } from '@karya/domain/invoice-schemas';
import { formatRupees, toPaise } from '@karya/domain/money';
import { formatQuotationNumber, quoteDisplayNumber } from '@karya/domain/quotation';
import {
  type CreateQuotationInput,
  type createQuotationSchema,
  type PlannedItems,
  QUOTE_DEFAULT_VALID_DAYS,
  QUOTE_MESSAGES,
  type Quotation,
  type QuotationListItem,
  type QuotationSummary,
  type quotationListQuerySchema,
  type sendQuotationAnswerSchema,
  type UpdateQuotationInput,
} from '@karya/domain/quotation-schemas';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import type { z } from 'zod';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { deskBranchOf, inScope, type Scope, seesWork } from '../../auth/scope';
import { type Clock, systemClock } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { branchOf } from '../../http/list-query';
import { transactionIdUsed, withTransactionIdGuard } from '../billing';
import { ensureInvoicePrefix } from '../branches';
import { getBusinessProfile } from '../business';
import { enqueueQuoteMessage } from '../update-outbox';
import { findWorkOrderRow } from '../work-orders';
import {
  type LinkOrigin,
  listItemOf,
  quotationOf,
  quotePath,
  taxingFor,
  todayOf,
  versionTotals,
} from './quotation-answer';
import {
  checkOptions,
  checkSiteState,
  checkWholeDiscount,
  resolveQuoteLines,
} from './quotation-lines';
import {
  type ContactOf,
  contactOfQuote,
  countExpiringSoon,
  findCustomerContact,
  findLeadContact,
  findQuotationOfOrder,
  findQuotationRow,
  findVersionRow,
  insertQuotation,
  insertVersion,
  listPlannedItemRows,
  listQuotationRows,
  lockQuotationRow,
  monthFigures,
  nextQuotationSequence,
  type QuotationRow,
  updateQuotationRow,
  updateVersionRow,
} from './quotations.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 192 random bits as 32 URL-safe characters, like the job-status link's token. */
export const newQuoteToken = () => randomBytes(24).toString('base64url');

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A quote the desk may see: its branch in scope, else 404 as if it were absent. */
function visible(scope: Scope, row: QuotationRow | null): QuotationRow {
  if (scope.kind === 'own') throw forbidden('Access denied');
  if (!row || !inScope(scope, row.branchId)) throw notFound(QUOTE_MESSAGES.notFound);
  return row;
}

async function lockVisible(tx: Tx, scope: Scope, id: string): Promise<QuotationRow> {
  return visible(scope, await lockQuotationRow(tx, id));
}

/** The contact a new quote is for, in the caller's scope (another branch's reads as absent). */
async function contactFor(
  db: Database | Tx,
  scope: Scope,
  input: Pick<CreateQuotationInput, 'leadId' | 'customerId'>,
): Promise<ContactOf> {
  if (input.leadId && input.customerId) throw badRequest(QUOTE_MESSAGES.oneContact);
  if (!input.leadId && !input.customerId) throw badRequest(QUOTE_MESSAGES.contactRequired);
  if (input.leadId) {
    const lead = await findLeadContact(db, input.leadId);
    if (!lead || !inScope(scope, lead.branchId)) throw notFound(CONTACT_MESSAGES.leadNotFound);
    if (lead.convertedAt) throw conflict(QUOTE_MESSAGES.leadConverted);
    return lead;
  }
  const customer = await findCustomerContact(db, input.customerId ?? '');
  if (!customer || !inScope(scope, customer.branchId))
    throw notFound(CONTACT_MESSAGES.customerNotFound);
  return customer;
}

/* --------------------------------------------------------------- reads */

export async function getQuotation(
  db: Database,
  scope: Scope,
  id: string,
  origin: LinkOrigin,
  version?: number,
  clock: Clock = systemClock,
): Promise<Quotation> {
  const row = visible(scope, await findQuotationRow(db, id));
  if (version !== undefined && (version < 1 || version > row.latestVersion))
    throw notFound(QUOTE_MESSAGES.notFound);
  return quotationOf(db, row, origin, clock.now(), version);
}

export async function listQuotations(
  db: Database,
  scope: Scope,
  query: z.infer<typeof quotationListQuerySchema>,
  clock: Clock = systemClock,
): Promise<{ items: QuotationListItem[]; total: number }> {
  const ownBranch = deskBranchOf(scope);
  const branchId = scope.kind === 'all' ? (branchOf(query.branchId) ?? ownBranch) : ownBranch;
  const today = todayOf(clock.now());
  const { rows, total } = await listQuotationRows(db, {
    branchId,
    status: query.status,
    today,
    search: query.search || undefined,
    leadId: query.leadId,
    customerId: query.customerId,
    limit: query.limit ?? 25,
    offset: ((query.page ?? 1) - 1) * (query.limit ?? 25),
  });
  return { items: rows.map((row) => listItemOf(row, today)), total };
}

/* -------------------------------------------------------------- changes */

/** POST /api/quotations: a draft for a lead or a customer of the caller's branch. */
export async function createQuotation(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: z.infer<typeof createQuotationSchema>,
  origin: LinkOrigin,
  clock: Clock = systemClock,
): Promise<Quotation> {
  if (scope.kind === 'own') throw forbidden('Access denied');
  const now = clock.now();
  const today = todayOf(now);
  const id = await db.transaction(async (tx) => {
    const contact = await contactFor(tx, scope, input);
    checkOptions(input.options);
    checkSiteState(input.siteStateCode);
    const validUntil = input.validUntil ?? addDays(today, QUOTE_DEFAULT_VALID_DAYS);
    if (validUntil < today) throw badRequest(QUOTE_MESSAGES.validUntilPast);
    const lines = await resolveQuoteLines(tx, input.lines, input.options);
    checkWholeDiscount(lines, input.options, input.discount);
    const terms = input.terms ?? (await getBusinessProfile(tx)).quoteTerms;
    const siteStateCode = input.siteStateCode ?? null;
    const taxing = await taxingFor(tx, contact.branchId, contact.stateCode, siteStateCode);
    const discountPaise = toPaise(input.discount);
    const { first } = versionTotals({ lines, options: input.options, taxing, discountPaise });
    const totalPaise = toPaise(first.total);
    const row = await insertQuotation(tx, {
      branchId: contact.branchId,
      leadId: contact.kind === 'lead' ? contact.id : null,
      customerId: contact.kind === 'customer' ? contact.id : null,
      projectType: input.projectType,
      validUntil,
      totalPaise,
      createdBy: actor.id,
    });
    await insertVersion(tx, {
      quotationId: row.id,
      version: 1,
      projectType: input.projectType,
      options: input.options,
      lines,
      discountPaise,
      validUntil,
      terms,
      notes: input.notes,
      siteStateCode,
      taxing,
      totalPaise,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'quotation.create',
      entityType: 'quotation',
      entityId: row.id,
      summary: `Draft quotation for ${contact.name}: ₹${first.total.toFixed(2)}`,
      changes: { lines: lines.length, totalPaise, [`${contact.kind}Id`]: contact.id },
    });
    return row.id;
  });
  return getQuotation(db, scope, id, origin, undefined, clock);
}

/** PATCH /api/quotations/{id}: the draft (a new quote or a revision), any field. */
export async function updateQuotation(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  input: UpdateQuotationInput,
  origin: LinkOrigin,
  clock: Clock = systemClock,
): Promise<Quotation> {
  const today = todayOf(clock.now());
  await db.transaction(async (tx) => {
    const row = await lockVisible(tx, scope, id);
    if (row.status !== 'draft') throw conflict(QUOTE_MESSAGES.notDraft);
    const current = await findVersionRow(tx, row.id, row.latestVersion);
    if (!current) throw new Error(`quotation ${row.id} lost its draft`);
    const options = input.options ?? current.options;
    checkOptions(options);
    if (input.siteStateCode !== undefined) checkSiteState(input.siteStateCode);
    const validUntil = input.validUntil ?? current.validUntil;
    if (input.validUntil !== undefined && validUntil < today)
      throw badRequest(QUOTE_MESSAGES.validUntilPast);
    const lines = input.lines
      ? await resolveQuoteLines(tx, input.lines, options)
      : current.lines.map((line) => ({ ...line }));
    // Options removed leave no line behind in an option that is gone.
    if (
      !input.lines &&
      lines.some((l) => l.option !== null && !options.some((o) => o.option === l.option))
    )
      throw badRequest(QUOTE_MESSAGES.optionUnknown);
    const discount = input.discount ?? current.discountPaise / 100;
    checkWholeDiscount(lines, options, discount);
    const siteStateCode =
      input.siteStateCode !== undefined ? input.siteStateCode : current.siteStateCode;
    const contact = await contactOfQuote(tx, row);
    const taxing = await taxingFor(tx, row.branchId, contact.stateCode, siteStateCode);
    const discountPaise = toPaise(discount);
    const { first } = versionTotals({ lines, options, taxing, discountPaise });
    const totalPaise = toPaise(first.total);
    const projectType = input.projectType ?? current.projectType;
    await updateVersionRow(tx, row.id, row.latestVersion, {
      projectType,
      options,
      lines,
      discountPaise,
      validUntil,
      terms: input.terms ?? current.terms,
      notes: input.notes ?? current.notes,
      siteStateCode,
      taxing,
      totalPaise,
    });
    await updateQuotationRow(tx, row.id, { projectType, validUntil, totalPaise });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'quotation.update',
      entityType: 'quotation',
      entityId: row.id,
      summary: `Edited the draft of quotation ${quoteDisplayNumber(row.number, row.latestVersion) ?? '(unsent)'}`,
      changes: { fields: Object.keys(input), totalPaise },
    });
  });
  return getQuotation(db, scope, id, origin, undefined, clock);
}

export type SendAnswer = z.infer<typeof sendQuotationAnswerSchema>;

/**
 * POST /api/quotations/{id}/send: the draft goes to the customer. Its first send numbers it
 * (the branch's series of the financial year, under the counter's row lock: gapless among
 * sent quotes) and makes its token; a revision keeps both. The taxing is worked out again now,
 * so the version sent is taxed as the branch and contact stand today. Sending a quote already
 * sent (a second tap) answers the same link.
 */
export async function sendQuotation(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  origin: LinkOrigin,
  clock: Clock = systemClock,
): Promise<SendAnswer> {
  const now = clock.now();
  const today = todayOf(now);
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, scope, id);
    if (row.status !== 'draft') {
      if (!row.number || !row.token || row.sentVersion === null)
        throw new Error(`quotation ${row.id} is ${row.status} but was never sent`);
      return {
        number: row.number,
        version: row.sentVersion,
        token: row.token,
        url: `${origin}${quotePath(row.token)}`,
        sentAutomatically: false,
      };
    }
    const version = await findVersionRow(tx, row.id, row.latestVersion);
    if (!version) throw new Error(`quotation ${row.id} lost its draft`);
    if (version.validUntil < today) throw badRequest(QUOTE_MESSAGES.validUntilPast);
    let number = row.number;
    let financialYear = row.financialYear;
    if (!number) {
      const prefix = await ensureInvoicePrefix(tx, row.branchId);
      const year = financialYearOf(now);
      const n = await nextQuotationSequence(tx, row.branchId, year.startYear);
      number = formatQuotationNumber(prefix, year.label, n);
      financialYear = year.startYear;
    }
    const token = row.token ?? newQuoteToken();
    const contact = await contactOfQuote(tx, row);
    const taxing = await taxingFor(tx, row.branchId, contact.stateCode, version.siteStateCode);
    const { first } = versionTotals({ ...version, taxing });
    const totalPaise = toPaise(first.total);
    await updateVersionRow(tx, row.id, version.version, { taxing, totalPaise, sentAt: now });
    await updateQuotationRow(tx, row.id, {
      number,
      financialYear,
      token,
      status: 'sent',
      sentVersion: version.version,
      sentAt: row.sentAt ?? now,
      // A new version is new to the customer: its opening and their answer start again.
      viewedAt: null,
      responseKind: null,
      responseNote: null,
      respondedAt: null,
      totalPaise,
      validUntil: version.validUntil,
    });
    const display = quoteDisplayNumber(number, version.version) ?? number;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'quotation.send',
      entityType: 'quotation',
      entityId: row.id,
      summary: `Sent quotation ${display} to ${contact.name}`,
      changes: { number, version: version.version, totalPaise },
    });
    const url = `${origin}${quotePath(token)}`;
    // Issue 35: with the Cloud API, the approved 'Quotation sent' template goes by itself,
    // queued in this transaction; true only when the worker's plan will send it.
    const sentAutomatically = await enqueueQuoteMessage(tx, {
      event: 'quotationSent',
      quotationId: row.id,
      discriminator: String(version.version),
      actorId: actor.id,
      to: whatsappNumberOf(contact.whatsappNumber, contact.phoneNumber),
      language: contact.preferredLanguage,
      values: {
        customerName: contact.name,
        quotationNumber: display,
        amount: formatRupees(totalPaise),
        validUntil: formatDate(version.validUntil),
        quoteLink: url,
      },
    });
    return { number, version: version.version, token, url, sentAutomatically };
  });
}

/** The statuses a sent quote may be revised from: all but accepted (and a draft, not sent). */
const REVISABLE: readonly string[] = ['sent', 'viewed', 'changes-requested', 'declined'];

/**
 * POST /api/quotations/{id}/revise: a draft version N+1 under the same number, copying the
 * latest. The customer's link keeps opening the sent version until the revision is sent. An
 * expired quote may be revised (its new version gets a new validity when the old one passed);
 * a declined one too (the customer may take a better offer); an accepted one never (409).
 */
export async function reviseQuotation(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  origin: LinkOrigin,
  clock: Clock = systemClock,
): Promise<Quotation> {
  const today = todayOf(clock.now());
  await db.transaction(async (tx) => {
    const row = await lockVisible(tx, scope, id);
    if (row.status === 'accepted') throw conflict(QUOTE_MESSAGES.alreadyAccepted);
    if (!REVISABLE.includes(row.status)) throw conflict(QUOTE_MESSAGES.notSent);
    const latest = await findVersionRow(tx, row.id, row.latestVersion);
    if (!latest) throw new Error(`quotation ${row.id} lost its latest version`);
    const version = row.latestVersion + 1;
    const validUntil =
      latest.validUntil < today ? addDays(today, QUOTE_DEFAULT_VALID_DAYS) : latest.validUntil;
    await insertVersion(tx, {
      quotationId: row.id,
      version,
      projectType: latest.projectType,
      options: latest.options,
      lines: latest.lines,
      discountPaise: latest.discountPaise,
      validUntil,
      terms: latest.terms,
      notes: latest.notes,
      siteStateCode: latest.siteStateCode,
      taxing: latest.taxing,
      totalPaise: latest.totalPaise,
      createdBy: actor.id,
    });
    await updateQuotationRow(tx, row.id, { status: 'draft', latestVersion: version, validUntil });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'quotation.revise',
      entityType: 'quotation',
      entityId: row.id,
      summary: `Revision ${version} of quotation ${row.number ?? ''}`,
      changes: { version, from: row.status },
    });
  });
  return getQuotation(db, scope, id, origin, undefined, clock);
}

/* ------------------------------------------------------- planned items */

/**
 * GET /api/work-order-planned-items?orderId=: what the accepted quote planned for the order.
 * The order's branch for the desk; a technician reads the orders they hold.
 */
export async function plannedItemsOf(
  db: Database,
  scope: Scope,
  reference: string,
): Promise<PlannedItems> {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  const [quote, rows] = [
    await findQuotationOfOrder(db, order.id),
    await listPlannedItemRows(db, order.id),
  ];
  return {
    quotation:
      quote?.number && quote.acceptedVersion
        ? { _id: quote.id, number: quote.number, version: quote.acceptedVersion }
        : null,
    items: rows.map((row) => ({
      _id: row.lineId,
      itemId: row.itemCode,
      itemObjectId: row.itemId,
      name: row.name,
      type: row.type as PlannedItems['items'][number]['type'],
      unit: row.unit,
      hsnSac: row.hsnSac,
      gstRate: row.gstRateBp === null ? null : row.gstRateBp / 100,
      priceIncludesTax: row.priceIncludesTax,
      quantity: row.quantity,
      price: row.pricePaise / 100,
      discount: row.discountPaise / 100,
      amount: row.netAmountPaise / 100,
    })),
  };
}

/* ------------------------------------------------------------- summary */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The instants of India's calendar month: [its first midnight, the next month's). */
function monthBounds(month: string): { start: Date; end: Date } {
  const match = MONTH.exec(month);
  if (!match) throw badRequest('Please choose a month');
  const year = Number(match[1]);
  const m = Number(match[2]);
  return {
    start: new Date(Date.UTC(year, m - 1, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(year, m, 1) - IST_OFFSET_MS),
  };
}

/**
 * GET /api/quotation-summary: the dashboard's 'Quotes expiring in 3 days' (open quotes whose
 * last day is today or within three days) and, per branch, the month's quotes first sent,
 * how many of them were accepted, their values and the conversion rate.
 */
export async function quotationSummary(
  db: Database,
  scope: Scope,
  query: { branchId?: string | undefined; month?: string | undefined },
  clock: Clock = systemClock,
): Promise<QuotationSummary> {
  const ownBranch = deskBranchOf(scope);
  const branchId = scope.kind === 'all' ? (branchOf(query.branchId) ?? ownBranch) : ownBranch;
  const today = todayOf(clock.now());
  const month = query.month ?? today.slice(0, 7);
  const { start, end } = monthBounds(month);
  const [expiringIn3Days, figures] = [
    await countExpiringSoon(db, branchId, today, addDays(today, 3)),
    await monthFigures(db, branchId, start, end),
  ];
  return {
    expiringIn3Days,
    month,
    branches: figures.map((f) => {
      const sent = Number(f.sent);
      const accepted = Number(f.accepted);
      return {
        branch: { _id: f.branchId, name: f.branchName },
        sent,
        accepted,
        sentValue: Number(f.sentValue) / 100,
        acceptedValue: Number(f.acceptedValue) / 100,
        conversionRate: sent === 0 ? 0 : accepted / sent,
      };
    }),
  };
}

/* -------------------------------------------------------------- advance */

export const ADVANCE_MESSAGES = {
  notAccepted: 'Only an accepted quotation takes an advance',
  alreadyConfirmed: 'The advance of this quotation is already confirmed',
  overTotal: (total: string) => `The advance cannot be more than the accepted total (${total})`,
  applied: 'The advance is already on the invoice',
} as const;

/**
 * POST /api/quotations/{id}/advance: the manager confirms the customer's UPI advance against
 * its transaction id (normalised and refused when any payment, refund or advance recorded it,
 * as billing checks). It pays the order's invoice first when that bill is confirmed (billing's
 * quote-advance.ts), with a receipt of the branch's series.
 */
export async function confirmAdvance(
  db: Database,
  actor: Actor,
  scope: Scope,
  id: string,
  input: { amount: number; transactionId: string },
  origin: LinkOrigin,
  clock: Clock = systemClock,
): Promise<Quotation> {
  const now = clock.now();
  await withTransactionIdGuard(() =>
    db.transaction(async (tx) => {
      const row = await lockVisible(tx, scope, id);
      if (row.status !== 'accepted') throw conflict(ADVANCE_MESSAGES.notAccepted);
      if (row.advanceBillId) throw conflict(ADVANCE_MESSAGES.applied);
      if (row.advancePaise !== null) throw conflict(ADVANCE_MESSAGES.alreadyConfirmed);
      const amountPaise = toPaise(input.amount);
      const total = row.acceptedTotalPaise ?? 0;
      if (amountPaise <= 0 || amountPaise > total)
        throw badRequest(ADVANCE_MESSAGES.overTotal(formatRupees(total)));
      if (await transactionIdUsed(tx, input.transactionId))
        throw conflict(INVOICE_MESSAGES.transactionIdUsed);
      await updateQuotationRow(tx, row.id, {
        advancePaise: amountPaise,
        advanceTransactionId: input.transactionId,
        advanceConfirmedAt: now,
        advanceConfirmedBy: actor.id,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'quotation.advance',
        entityType: 'quotation',
        entityId: row.id,
        summary: `Advance ${formatRupees(amountPaise)} by UPI on quotation ${row.number ?? ''}`,
        changes: { amountPaise, transactionId: input.transactionId },
      });
    }),
  );
  return getQuotation(db, scope, id, origin, undefined, clock);
}
