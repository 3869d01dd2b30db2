import type { ConvertLeadInput } from '@karya/domain/contact-schemas';
import { DEFAULT_UPDATE_LANGUAGE } from '@karya/domain/customer-updates';
import { toPaise, toRupees } from '@karya/domain/money';
import {
  quoteDisplayNumber,
  quoteLineAmountPaise,
  quoteLineIncluded,
  quoteTotals,
  spreadDiscount,
} from '@karya/domain/quotation';
import {
  type acceptQuoteSchema,
  type PublicQuote,
  QUOTE_ADVANCE_PERCENT,
  QUOTE_MESSAGES,
  type QuoteLine,
} from '@karya/domain/quotation-schemas';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../audit/record-audit';
import { type Clock, systemClock } from '../../clock';
import type { Database, Tx } from '../../db/client';
import { quotations, quotationVersions } from '../../db/quotations-schema';
import { customers } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { payeeOfBranch } from '../billing';
import { findBranchTaxIdentity } from '../branches';
import { getBusinessProfile } from '../business';
import { convertLeadIn } from '../contacts';
import { openWorkOrder } from '../work-orders';
import { acceptanceOf, responseOf, statusOf, todayOf, versionTotals } from './quotation-answer';
import {
  contactOfQuote,
  findLeadContact,
  findQuotationByToken,
  findVersionRow,
  insertPlannedItems,
  lockQuotationByToken,
  type QuotationRow,
  updateQuotationRow,
  type VersionRow,
} from './quotations.queries';

/** The UPI payee a branch falls back to (UPI_VPA, UPI_NAME). */
export interface PayeeDefaults {
  upiVpa?: string | undefined;
  upiName?: string | undefined;
}

/** A token is 32 base64url characters (192 bits); anything else is refused before a lookup. */
const QUOTE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

type AcceptInput = z.infer<typeof acceptQuoteSchema>;

/**
 * A signature as the pad gives it: an image's data: URL, nothing the desk would load from
 * elsewhere or run when it shows the acceptance.
 */
const SIGNATURE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;
const SIGNATURE_UNREADABLE = 'The signature could not be read; please sign again';

/** The quote a token opens: a sent one only; a draft's, a guessed or malformed token: 404. */
function sentOnly(
  row: QuotationRow | null,
): QuotationRow & { number: string; sentVersion: number } {
  if (!row?.number || row.sentVersion === null) throw notFound(QUOTE_MESSAGES.notFound);
  return row as QuotationRow & { number: string; sentVersion: number };
}

async function sentVersionOf(db: Database | Tx, row: { id: string; sentVersion: number }) {
  const version = await findVersionRow(db, row.id, row.sentVersion);
  if (!version) throw new Error(`quotation ${row.id} lost its sent version`);
  return version;
}

/**
 * The status the customer sees: a revision being drafted is not theirs to see, so the quote
 * reads as the sent version stands (viewed once opened); expiry by the sent version's day.
 */
function publicStatus(row: QuotationRow, version: VersionRow, today: string) {
  const stored = row.status === 'draft' ? (row.viewedAt ? 'viewed' : 'sent') : row.status;
  return statusOf(stored, version.validUntil, today);
}

/** A line as the customer sees it: the catalogue item's own uuid stays in the shop. */
const publicLine = ({ itemObjectId: _, ...line }: QuoteLine) => line;

async function publicQuoteOf(
  db: Database | Tx,
  row: QuotationRow & { number: string; sentVersion: number },
  defaults: PayeeDefaults,
  now: Date,
): Promise<PublicQuote> {
  const version = await sentVersionOf(db, row);
  const contact = await contactOfQuote(db, row);
  const [business, branch, payee] = [
    await getBusinessProfile(db),
    await findBranchTaxIdentity(db, row.branchId),
    await payeeOfBranch(db, row.branchId, defaults),
  ];
  const { optionTotals } = versionTotals(version);
  const acceptance = acceptanceOf(row);
  return {
    number: quoteDisplayNumber(row.number, version.version) ?? row.number,
    version: version.version,
    status: publicStatus(row, version, todayOf(now)),
    language: contact.preferredLanguage ?? DEFAULT_UPDATE_LANGUAGE,
    business: {
      name: business.tradeName || business.legalName,
      address: business.address,
      phone: business.phone,
      logo: business.logo,
      gstin: branch?.gstin ?? null,
    },
    branch: {
      name: branch?.name ?? '',
      address: branch?.address || business.address,
      phone: branch?.phone || business.phone,
    },
    customerName: contact.name,
    projectType: version.projectType as PublicQuote['projectType'],
    options: version.options,
    lines: version.lines.map(publicLine),
    discount: toRupees(version.discountPaise),
    taxing: version.taxing,
    optionTotals,
    validUntil: version.validUntil,
    terms: version.terms,
    notes: version.notes,
    createdAt: row.createdAt.toISOString(),
    acceptance: acceptance ? (({ ip: _, ...rest }) => rest)(acceptance) : null,
    response: responseOf(row),
    upiPayee: payee,
    advancePercent: QUOTE_ADVANCE_PERCENT,
  };
}

/**
 * GET /api/quote/{token}: the customer's page, the latest sent version. Its first opening
 * marks the quote viewed (once: a conditional update, so two openings write it once).
 */
export async function quoteByToken(
  db: Database,
  token: string,
  defaults: PayeeDefaults,
  clock: Clock = systemClock,
): Promise<PublicQuote> {
  if (!QUOTE_TOKEN.test(token)) throw notFound(QUOTE_MESSAGES.notFound);
  const row = sentOnly(await findQuotationByToken(db, token));
  if (!row.viewedAt) {
    const now = clock.now();
    await db
      .update(quotations)
      .set({
        viewedAt: now,
        status: sql`case when ${quotations.status} = 'sent' then 'viewed' else ${quotations.status} end`,
      })
      .where(sql`${quotations.id} = ${row.id} and ${quotations.viewedAt} is null`);
    row.viewedAt = now;
    if (row.status === 'sent') row.status = 'viewed';
  }
  return publicQuoteOf(db, row, defaults, clock.now());
}

/** What refuses an answer of the customer to a quote in this state (409), or nothing. */
function refusalOf(
  row: QuotationRow,
  version: VersionRow,
  input: { version?: number | undefined },
  today: string,
) {
  if (row.status === 'declined') return QUOTE_MESSAGES.declined;
  if (input.version !== undefined && input.version !== version.version)
    return QUOTE_MESSAGES.revised;
  if (version.validUntil < today) return QUOTE_MESSAGES.expired;
  return null;
}

/** The accepted lines with their net amounts: each line's amount less its whole-discount share. */
function plannedLinesOf(
  version: VersionRow,
  choice: { option: number | null; optionalLineIds: string[] },
) {
  const lines = version.lines.filter((line) => quoteLineIncluded(line, choice));
  const amounts = lines.map(quoteLineAmountPaise);
  const shares = spreadDiscount(version.discountPaise, amounts);
  return lines.map((line, index) => {
    const net = (amounts[index] ?? 0) - (shares[index] ?? 0);
    return { line, net, share: shares[index] ?? 0 };
  });
}

/**
 * POST /api/quote/{token}/accept: one transaction under the quote's row lock. Checked in
 * order: a declined quote, a version the customer saw that is no longer the sent one, the
 * sent version's validity (409 each: the quote's state refuses it, as decision 049 records;
 * expired is a 409 too, not 410, since a revision brings the same link back to life); then
 * the choice (400). The lead becomes a customer through the contacts' own conversion, which
 * opens the New Installation order in the branch's pending list; a customer's quote opens
 * one. The accepted lines become its planned items. A second accept (two taps, two phones)
 * waits on the lock, finds it accepted and answers the same acceptance: one order.
 */
export async function acceptQuote(
  db: Database,
  token: string,
  input: AcceptInput,
  ip: string | null,
  defaults: PayeeDefaults,
  clock: Clock = systemClock,
): Promise<PublicQuote> {
  if (!QUOTE_TOKEN.test(token)) throw notFound(QUOTE_MESSAGES.notFound);
  const now = clock.now();
  const today = todayOf(now);
  const id = await db.transaction(async (tx) => {
    const row = sentOnly(await lockQuotationByToken(tx, token));
    if (row.status === 'accepted') return row.id;
    const version = await sentVersionOf(tx, row);
    const refusal = refusalOf(row, version, input, today);
    if (refusal) throw conflict(refusal);

    const options = version.options;
    let option: number | null = null;
    if (options.length > 0) {
      if (input.option === undefined || !options.some((o) => o.option === input.option))
        throw badRequest(QUOTE_MESSAGES.chooseOption);
      option = input.option;
    }
    if (input.signature !== undefined && !SIGNATURE_DATA_URL.test(input.signature))
      throw badRequest(SIGNATURE_UNREADABLE);
    const optionalLineIds = [...new Set(input.optionalLineIds)];
    for (const lineId of optionalLineIds) {
      const line = version.lines.find((l) => l._id === lineId);
      if (!line?.optional || (line.option !== null && line.option !== option))
        throw badRequest(QUOTE_MESSAGES.optionalLineUnknown);
    }
    const choice = { option, optionalLineIds };
    const totals = quoteTotals(
      { lines: version.lines, discount: toRupees(version.discountPaise), taxing: version.taxing },
      choice,
    );
    const display = quoteDisplayNumber(row.number, version.version) ?? row.number;
    const remark = `Quotation ${display} accepted by ${input.name}`;

    const { customerId, workOrderId } = await openAcceptedOrder(tx, row, version, remark);
    const planned = plannedLinesOf(version, choice);
    await insertPlannedItems(
      tx,
      planned.map(({ line, net }, position) => ({
        workOrderId,
        quotationId: row.id,
        position,
        lineId: line._id,
        itemId: line.itemObjectId,
        itemCode: line.itemId,
        name: line.name,
        type: line.type,
        unit: line.unit,
        hsnSac: line.hsnSac,
        gstRateBp: line.gstRate === null ? null : Math.round(line.gstRate * 100),
        priceIncludesTax: line.priceIncludesTax,
        quantity: line.quantity,
        pricePaise: toPaise(line.price),
        discountPaise: toPaise(line.discount),
        netAmountPaise: net,
        netUnitPaise: Math.round(net / line.quantity),
      })),
    );
    // A revision drafted but never sent is overtaken by the acceptance of the sent one.
    if (row.latestVersion > version.version) {
      await tx
        .delete(quotationVersions)
        .where(
          sql`${quotationVersions.quotationId} = ${row.id} and ${quotationVersions.version} > ${version.version}`,
        );
    }
    const acceptedTotalPaise = toPaise(totals.total);
    await updateQuotationRow(tx, row.id, {
      status: 'accepted',
      customerId,
      workOrderId,
      latestVersion: version.version,
      validUntil: version.validUntil,
      totalPaise: version.totalPaise,
      acceptedAt: now,
      acceptedName: input.name,
      acceptedOption: option,
      acceptedOptionalLineIds: optionalLineIds,
      acceptedSignature: input.signature ?? null,
      acceptedIp: ip,
      acceptedTotalPaise,
      acceptedVersion: version.version,
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'quotation.accept',
      entityType: 'quotation',
      entityId: row.id,
      summary: `${remark} (₹${totals.total.toFixed(2)})`,
      changes: { version: version.version, option, optionalLineIds, workOrderId, ip },
    });
    return row.id;
  });
  const row = sentOnly(await findQuotationByToken(db, token));
  if (row.id !== id) throw new Error('the accepted quote changed its token');
  return publicQuoteOf(db, row, defaults, now);
}

/**
 * The order an accepted quote opens: a lead's conversion (its first order, with the quote's
 * project type), or, for a customer (or a lead the desk converted meanwhile), a new
 * installation order of that customer. Both land in the branch's pending list.
 */
async function openAcceptedOrder(
  tx: Tx,
  row: QuotationRow,
  version: VersionRow,
  remark: string,
): Promise<{ customerId: string; workOrderId: string }> {
  const opening = { siteStateCode: version.siteStateCode };
  if (!row.customerId && row.leadId) {
    const lead = await findLeadContact(tx, row.leadId);
    if (lead && !lead.convertedAt)
      return convertLeadIn(
        tx,
        null,
        row.leadId,
        {
          projectType: version.projectType as ConvertLeadInput['projectType'],
          initialRemark: remark,
        },
        opening,
      );
  }
  const customerId = row.customerId ?? (await customerOfLead(tx, row.leadId));
  const order = await openWorkOrder(tx, {
    customerId,
    branchId: row.branchId,
    projectType: version.projectType,
    initialRemark: remark,
    createdBy: null,
    ...opening,
  });
  return { customerId, workOrderId: order.id };
}

async function customerOfLead(tx: Tx, leadId: string | null): Promise<string> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.leadId, leadId ?? ''));
  if (!row) throw notFound(QUOTE_MESSAGES.notFound);
  return row.id;
}

/**
 * POST /api/quote/{token}/decline and /request-changes: the customer's note. Refused once
 * accepted or declined (409); an expired quote may still be answered, so the shop hears why.
 */
export async function respondToQuote(
  db: Database,
  token: string,
  kind: 'declined' | 'changes-requested',
  note: string,
  defaults: PayeeDefaults,
  clock: Clock = systemClock,
): Promise<PublicQuote> {
  if (!QUOTE_TOKEN.test(token)) throw notFound(QUOTE_MESSAGES.notFound);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = sentOnly(await lockQuotationByToken(tx, token));
    if (row.status === 'accepted') throw conflict(QUOTE_MESSAGES.alreadyAccepted);
    if (row.status === 'declined') throw conflict(QUOTE_MESSAGES.declined);
    await updateQuotationRow(tx, row.id, {
      // A revision being drafted stays a draft; the note waits for the desk beside it.
      ...(row.status === 'draft' ? {} : { status: kind }),
      responseKind: kind,
      responseNote: note,
      respondedAt: now,
    });
    await recordAudit(tx, {
      actorId: null,
      action: kind === 'declined' ? 'quotation.decline' : 'quotation.request-changes',
      entityType: 'quotation',
      entityId: row.id,
      summary: `${kind === 'declined' ? 'Declined' : 'Changes requested'}: quotation ${row.number}`,
      changes: { note },
    });
  });
  return publicQuoteOf(db, sentOnly(await findQuotationByToken(db, token)), defaults, now);
}
