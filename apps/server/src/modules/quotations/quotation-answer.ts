import type { TaxSetting } from '@karya/domain/bill-tax';
import { DEFAULT_UPDATE_LANGUAGE } from '@karya/domain/customer-updates';
import { indiaDate } from '@karya/domain/financial-year';
import { toRupees } from '@karya/domain/money';
import { quoteDisplayNumber, quoteOptionTotals, quoteTaxingOf } from '@karya/domain/quotation';
import type {
  Quotation,
  QuotationListItem,
  QuoteStatus,
  QuoteTaxing,
} from '@karya/domain/quotation-schemas';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { workOrders } from '../../db/schema';
import { findBranchTaxIdentity } from '../branches';
import { getBusinessProfile } from '../business';
import {
  type ContactOf,
  contactOfQuote,
  findBranchName,
  findLeadContact,
  findPerson,
  findVersionRow,
  listVersionSummaries,
  type QuotationRow,
  type VersionRow,
} from './quotations.queries';

type Db = Database | Tx;

/** The public page's path: `<origin>/q/<token>`. */
export const quotePath = (token: string) => `/q/${token}`;

/** Where the customer's link points: the configured public address, else the request's. */
export type LinkOrigin = string;

const OPEN_STATUSES: readonly string[] = ['sent', 'viewed', 'changes-requested'];

/** India's calendar day now. */
export const todayOf = (now: Date) => indiaDate(now);

/**
 * The status a quote reads as: 'expired' is never stored (decision 049), it is an open quote
 * (sent, viewed, changes requested) whose last valid day (India's) has passed.
 */
export function statusOf(status: string, validUntil: string, today: string): QuoteStatus {
  if (OPEN_STATUSES.includes(status) && validUntil < today) return 'expired';
  return status as QuoteStatus;
}

/** How a quote is taxed now: the business, its branch, and the site's or contact's state. */
export async function taxingFor(
  db: Db,
  branchId: string,
  contactStateCode: string | null,
  siteStateCode: string | null,
): Promise<QuoteTaxing> {
  const [business, branch] = [
    await getBusinessProfile(db),
    await findBranchTaxIdentity(db, branchId),
  ];
  const setting: TaxSetting = {
    businessGstRegistered: business.gstRegistered,
    branchGstin: branch?.gstin ?? null,
    branchStateCode: branch?.stateCode ?? null,
    siteStateCode,
    customerStateCode: contactStateCode,
  };
  return quoteTaxingOf(setting);
}

/** Every total of a version: per option (or the whole), and the first as the quote's value. */
export function versionTotals(
  version: Pick<VersionRow, 'lines' | 'options' | 'taxing'> & {
    discountPaise: number;
  },
) {
  const optionTotals = quoteOptionTotals({
    lines: version.lines,
    discount: toRupees(version.discountPaise),
    taxing: version.taxing,
    options: version.options,
  });
  const first = optionTotals[0];
  if (!first) throw new Error('a quote has at least one total');
  return { optionTotals, first };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const contactRef = (contact: ContactOf) => ({
  _id: contact.id,
  name: contact.name,
  phoneNumber: contact.phoneNumber,
});

async function orderRef(db: Db, workOrderId: string | null) {
  if (!workOrderId) return null;
  const [row] = await db
    .select({ _id: workOrders.id, orderId: workOrders.orderId })
    .from(workOrders)
    .where(eq(workOrders.id, workOrderId));
  return row ?? null;
}

export function acceptanceOf(row: QuotationRow) {
  if (!row.acceptedAt) return null;
  return {
    name: row.acceptedName ?? '',
    option: row.acceptedOption,
    optionalLineIds: row.acceptedOptionalLineIds ?? [],
    signature: row.acceptedSignature,
    at: row.acceptedAt.toISOString(),
    ip: row.acceptedIp,
    total: toRupees(row.acceptedTotalPaise ?? 0),
    version: row.acceptedVersion ?? 1,
  };
}

export function responseOf(row: QuotationRow) {
  if (!row.responseKind || !row.respondedAt) return null;
  return {
    kind: row.responseKind as 'changes-requested' | 'declined',
    note: row.responseNote ?? '',
    at: row.respondedAt.toISOString(),
  };
}

/** The desk's answer: one version of the quote (the latest unless another is asked for). */
export async function quotationOf(
  db: Db,
  row: QuotationRow,
  origin: LinkOrigin,
  now: Date,
  versionNumber?: number,
): Promise<Quotation> {
  const version = await findVersionRow(db, row.id, versionNumber ?? row.latestVersion);
  if (!version) throw new Error(`quotation ${row.id} has no version ${versionNumber}`);
  const contact = await contactOfQuote(db, row);
  const lead = row.leadId
    ? contact.kind === 'lead'
      ? contact
      : await findLeadContact(db, row.leadId)
    : null;
  const [branch, versions, workOrder, confirmedBy, createdBy] = [
    await findBranchName(db, row.branchId),
    await listVersionSummaries(db, row.id),
    await orderRef(db, row.workOrderId),
    await findPerson(db, row.advanceConfirmedBy),
    await findPerson(db, row.createdBy),
  ];
  const { optionTotals, first } = versionTotals(version);
  return {
    _id: row.id,
    number: row.number,
    version: version.version,
    sentVersion: row.sentVersion,
    displayNumber: quoteDisplayNumber(row.number, version.version),
    status: statusOf(row.status, row.validUntil, todayOf(now)),
    branch,
    lead: lead ? contactRef(lead) : null,
    customer: contact.kind === 'customer' ? contactRef(contact) : null,
    sendTo: contact.whatsappNumber || contact.phoneNumber,
    language: contact.preferredLanguage ?? DEFAULT_UPDATE_LANGUAGE,
    projectType: version.projectType as Quotation['projectType'],
    options: version.options,
    lines: version.lines,
    discount: toRupees(version.discountPaise),
    taxing: version.taxing,
    tax: first.tax,
    total: first.total,
    optionTotals,
    validUntil: version.validUntil,
    terms: version.terms,
    notes: version.notes,
    siteStateCode: version.siteStateCode,
    token: row.token,
    url: row.token ? `${origin}${quotePath(row.token)}` : null,
    versions: versions.map((v) => ({
      version: v.version,
      sentAt: iso(v.sentAt),
      total: toRupees(v.totalPaise),
    })),
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    acceptance: acceptanceOf(row),
    response: responseOf(row),
    workOrder,
    advance:
      row.advancePaise !== null && row.advanceTransactionId && row.advanceConfirmedAt
        ? {
            amount: toRupees(row.advancePaise),
            transactionId: row.advanceTransactionId,
            confirmedAt: row.advanceConfirmedAt.toISOString(),
            confirmedBy,
          }
        : null,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One row of the list, from the row and its joined names. */
export function listItemOf(
  joined: {
    row: QuotationRow;
    branchName: string;
    leadName: string | null;
    leadPhone: string | null;
    customerName: string | null;
    customerPhone: string | null;
  },
  today: string,
): QuotationListItem {
  const { row } = joined;
  const isCustomer = row.customerId !== null;
  return {
    _id: row.id,
    number: row.number,
    displayNumber: quoteDisplayNumber(row.number, row.latestVersion),
    version: row.latestVersion,
    status: statusOf(row.status, row.validUntil, today),
    contactName: (isCustomer ? joined.customerName : joined.leadName) ?? '',
    contactPhone: (isCustomer ? joined.customerPhone : joined.leadPhone) ?? '',
    contactKind: isCustomer ? 'customer' : 'lead',
    branch: { _id: row.branchId, name: joined.branchName },
    total: toRupees(row.totalPaise),
    validUntil: row.validUntil,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  };
}
