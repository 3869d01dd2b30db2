import { randomBytes } from 'node:crypto';
import type { Bill } from '@karya/domain/bill-schemas';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@karya/domain/contact-schemas';
import { indiaDate } from '@karya/domain/financial-year';
import {
  type JobComplaintInput,
  type JobStatus,
  type JobStatusInvoice,
  JOB_STATUS_MESSAGES as M,
  STATUS_LINK_DAYS_AFTER_COMPLETION,
  STATUS_LINK_TOKEN,
  type StatusLink,
  samePhone,
  statusLinkPath,
} from '@karya/domain/job-status';
import type { ServiceReport } from '@karya/domain/service-report';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { type Scope, seesWork } from '../../auth/scope';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FileStorage } from '../../storage';
import { invoicesForStatusPage } from '../billing';
import { findBranchContact } from '../branches';
import { getBusinessProfile } from '../business';
import { startComplaintClock } from '../complaints';
import { upcomingVisit, upcomingVisitDue } from '../schedule';
import {
  type ReportFile,
  reportOfOrder,
  reportPhotoFile,
  reportSignatureFile,
  tokenFileUrls,
} from '../service-report';
import { unitsForStatusPage } from '../warranty';
import { findWorkOrderRow, openWorkOrder } from '../work-orders';
import {
  findLiveLink,
  lockLiveLink,
  lockOrderLink,
  recordComplaint,
  revokeLink,
  saveNewLink,
} from './job-status.queries';

/** The UPI payee a branch falls back to (UPI_VPA, UPI_NAME). */
export interface PayeeDefaults {
  upiVpa?: string | undefined;
  upiName?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A second tap of 'Raise a complaint' within this answers the complaint the first made. */
const COMPLAINT_REPEAT_MS = 10 * 60 * 1000;

/** 192 random bits as 32 URL-safe characters. */
const newToken = () => randomBytes(24).toString('base64url');

const expiryOf = (completedAt: Date | null) =>
  completedAt ? new Date(completedAt.getTime() + STATUS_LINK_DAYS_AFTER_COMPLETION * DAY_MS) : null;

const expired = (completedAt: Date | null, now = new Date()) => {
  const expiry = expiryOf(completedAt);
  return expiry !== null && expiry <= now;
};

const isStatus = (status: string): status is WorkOrderStatus =>
  (WORK_ORDER_STATUSES as readonly string[]).includes(status);

/** An order the caller may see (a technician: their own), or 404 as if it were absent. */
async function visibleOrder(db: Database, scope: Scope, reference: string) {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return order;
}

/**
 * POST /api/work-order-status-link: the order's live link, made on first ask. Asking again
 * gives the same link, so every update the customer gets points to one page.
 */
export async function statusLinkOf(
  db: Database,
  actor: Actor,
  scope: Scope,
  reference: string,
): Promise<StatusLink> {
  const order = await visibleOrder(db, scope, reference);
  const token = await db.transaction(async (tx) => {
    const link = await lockOrderLink(tx, order.id);
    if (link && link.revokedAt === null) return link.token;
    const token = newToken();
    await saveNewLink(tx, order.id, token, actor.id);
    return token;
  });
  return {
    orderId: order.orderId,
    token,
    path: statusLinkPath(token),
    expiresAt: expiryOf(order.completedAt)?.toISOString() ?? null,
  };
}

/** POST /api/revoke-work-order-status-link: the customer's old link stops opening. */
export async function revokeStatusLink(
  db: Database,
  actor: Actor,
  scope: Scope,
  reference: string,
): Promise<void> {
  const order = await visibleOrder(db, scope, reference);
  if (!(await revokeLink(db, order.id))) return;
  await recordAudit(db, {
    actorId: actor.id,
    action: 'work-order.status-link-revoke',
    entityType: 'work-order',
    entityId: order.id,
    summary: `Revoked the customer's status link of ${order.orderId}`,
  });
}

/** The order of a live, unexpired link; anything else is the same 404. */
async function orderOfToken(db: Database, token: string) {
  if (!STATUS_LINK_TOKEN.test(token)) throw notFound(M.notFound);
  const link = await findLiveLink(db, token);
  const order = link ? await findWorkOrderRow(db, link.workOrderId) : null;
  if (!order || expired(order.completedAt)) throw notFound(M.notFound);
  return order;
}

const canComplain = (order: { status: string; projectCategory: string }) =>
  order.status === 'completed' && order.projectCategory === 'New Installation';

/**
 * GET /api/job-status/:token: what the customer sees. Deliberately unscoped: the token is the
 * customer's key to this one order, and the answer names nothing of any other order, no
 * remark and no member of staff but the order's technician.
 */
export async function jobStatusByToken(
  db: Database,
  token: string,
  defaults: PayeeDefaults,
): Promise<JobStatus> {
  const order = await orderOfToken(db, token);
  const [business, branch, bills, units, visit, visitDue] = await Promise.all([
    getBusinessProfile(db),
    findBranchContact(db, order.branchId),
    invoicesForStatusPage(db, order.id, defaults),
    unitsForStatusPage(db, order.id),
    upcomingVisit(db, order),
    upcomingVisitDue(db, order),
  ]);
  const technician = order.technician;
  return {
    orderId: order.orderId,
    projectType: order.projectType,
    projectCategory: order.projectCategory,
    status: order.status,
    customerName: order.customerName,
    language: order.customerLanguage,
    business: { name: business.tradeName || business.legalName, logo: business.logo },
    branch: { name: order.branchName, phone: branch?.phone ?? '' },
    technician: technician
      ? { name: `${technician[1]} ${technician[2]}`.trim(), phone: technician[3] }
      : null,
    visit,
    visitDue: visit ? null : visitDue,
    // An entry that changed no status (a schedule, a note on the phone's time) is the shop's:
    // the customer sees each step once, when it was first reached.
    timeline: order.history
      .flatMap(([status, , at]) => (isStatus(status) ? [{ status, at }] : []))
      .filter((step, i, steps) => i === 0 || steps[i - 1]?.status !== step.status),
    invoices: bills.map(
      (bill): JobStatusInvoice => ({
        id: bill._id,
        number: bill.invoice?.number ?? bill.billNumber ?? '',
        date: bill.invoice?.date ?? indiaDate(new Date(bill.createdAt)),
        total: bill.total,
        paidAmount: bill.paidAmount,
        dueAmount: bill.dueAmount,
        paymentStatus: bill.paymentStatus,
        dueUpiLink: bill.invoice?.cancelledAt ? null : bill.dueUpiLink,
        cancelled: Boolean(bill.invoice?.cancelledAt),
      }),
    ),
    units,
    canRaiseComplaint: canComplain(order),
    expiresAt: expiryOf(order.completedAt)?.toISOString() ?? null,
  };
}

/**
 * GET /api/job-status/:token/invoices/:invoiceId: the customer's copy of one invoice the page
 * lists, which the page draws as a PDF. An invoice of any other order answers the same 404
 * as a dead link, so an id from elsewhere tells nothing. Who on the staff took each payment
 * is the shop's business, not printed and not sent.
 */
export async function invoiceByToken(
  db: Database,
  token: string,
  invoiceId: string,
  defaults: PayeeDefaults,
): Promise<Bill> {
  const order = await orderOfToken(db, token);
  const bills = await invoicesForStatusPage(db, order.id, defaults);
  const bill = bills.find((issued) => issued._id === invoiceId);
  if (!bill) throw notFound(M.notFound);
  return {
    ...bill,
    payments: bill.payments.map((payment) => ({ ...payment, receivedBy: null })),
  };
}

/**
 * GET /api/job-status/:token/service-report: the customer's copy of the job's service report
 * (decision 034), the same answer staff read with its files at the link's own routes.
 */
export async function serviceReportByToken(
  db: Database,
  token: string,
  defaults: PayeeDefaults,
): Promise<ServiceReport> {
  const order = await orderOfToken(db, token);
  return reportOfOrder(db, order, defaults, tokenFileUrls(token));
}

/**
 * GET /api/job-status/:token/photos/:photoId/file and …/signature/file: a file of the link's
 * own order; a photo of another order, a missing file and a dead link answer the same 404.
 */
export async function reportFileByToken(
  db: Database,
  storage: FileStorage,
  token: string,
  file: { photoId: string } | 'signature',
): Promise<ReportFile> {
  const order = await orderOfToken(db, token);
  const found =
    file === 'signature'
      ? await reportSignatureFile(db, storage, order.id)
      : await reportPhotoFile(db, storage, order.id, file.photoId);
  if (!found) throw notFound(M.notFound);
  return found;
}

/**
 * POST /api/job-status/:token/complaint: a Repair order in the branch's pending list, as a
 * manager's complaint would make, once: the link is locked while it is made, and a second
 * submission within ten minutes answers the first's order instead of making another.
 */
export async function raiseComplaintByToken(
  db: Database,
  token: string,
  input: JobComplaintInput,
): Promise<{ orderId: string }> {
  if (!STATUS_LINK_TOKEN.test(token)) throw notFound(M.notFound);
  return db.transaction(async (tx) => {
    const link = await lockLiveLink(tx, token);
    const order = link ? await findWorkOrderRow(tx, link.workOrderId) : null;
    if (!link || !order || expired(order.completedAt)) throw notFound(M.notFound);
    if (!canComplain(order)) throw conflict(M.notComplainable);
    if (!samePhone(input.phone, order.customerPhone, order.customerWhatsapp)) {
      throw badRequest(M.phoneMismatch);
    }
    const last = link.lastComplaintAt;
    if (link.lastComplaintOrderId && last && Date.now() - last.getTime() < COMPLAINT_REPEAT_MS) {
      const earlier = await findWorkOrderRow(tx, link.lastComplaintOrderId);
      if (earlier) return { orderId: earlier.orderId };
    }
    const opened = await openWorkOrder(tx, {
      customerId: order.customerId,
      branchId: order.branchId,
      projectType: order.projectType,
      initialRemark: input.description,
      createdBy: null,
      complaintAbout: order.id,
    });
    await recordComplaint(tx, order.id, opened.id);
    if (opened.existingProjectId) {
      await startComplaintClock(tx, {
        workOrderId: opened.id,
        branchId: order.branchId,
        source: 'status-page',
        installationId: opened.existingProjectId,
        customerId: order.customerId,
        openedAt: new Date(),
      });
    }
    await recordAudit(tx, {
      actorId: null,
      action: 'work-order.complaint',
      entityType: 'work-order',
      entityId: opened.id,
      summary: `${order.customerName} raised a complaint on ${order.orderId} from the status page`,
      changes: { existingProjectId: order.id },
    });
    const complaint = await findWorkOrderRow(tx, opened.id);
    return { orderId: complaint?.orderId ?? '' };
  });
}
