import {
  CUSTOMER_UPDATE_EVENTS,
  type CustomerUpdateFacts,
  type CustomerUpdateTemplate,
  communicationRemark,
  DEFAULT_UPDATE_LANGUAGE,
  DEFAULT_UPDATE_TEMPLATES,
  fillTemplate,
  type RecordCustomerUpdateInput,
  templateBodyOf,
  UPDATE_LANGUAGES,
  type UpdateTemplateInput,
  updateValuesOf,
} from '@karya/domain/customer-updates';
import { whatsappDigits } from '@karya/domain/dues';
import { toPaise, toRupees } from '@karya/domain/money';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { type Scope, seesWork } from '../../auth/scope';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { invoicesForStatusPage } from '../billing';
import { findBranchContact } from '../branches';
import { statusLinkOf } from '../job-status';
import { upcomingVisit } from '../schedule';
import { appendHistory, findWorkOrderRow, lockWorkOrder, touchWorkOrder } from '../work-orders';
import {
  deleteTemplateRow,
  insertMessageRow,
  listMessageRows,
  listTemplateRows,
  saveTemplateRow,
  updateMessageStatus,
} from './customer-updates.queries';
import { CloudSendError, sendCloudText, statusesOfWebhook } from './whatsapp-cloud';

/**
 * GET /api/customer-update-templates: every event in both languages, the admin's wording
 * where there is one, else the default. Business-wide, like the business profile.
 */
export async function listTemplates(db: Database): Promise<CustomerUpdateTemplate[]> {
  const saved = new Map(
    (await listTemplateRows(db)).map((row) => [`${row.event}/${row.language}`, row]),
  );
  return CUSTOMER_UPDATE_EVENTS.flatMap((event) =>
    UPDATE_LANGUAGES.map((language) => {
      const row = saved.get(`${event}/${language}`);
      return {
        event,
        language,
        body: row?.body ?? DEFAULT_UPDATE_TEMPLATES[event][language],
        isDefault: !row,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    }),
  );
}

/** PUT /api/customer-update-templates (admins): the wording of one event in one language. */
export async function saveTemplate(
  db: Database,
  actor: Actor,
  input: UpdateTemplateInput,
): Promise<CustomerUpdateTemplate[]> {
  await db.transaction(async (tx) => {
    await saveTemplateRow(tx, { ...input, updatedBy: actor.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'customer-update.template-save',
      entityType: 'customer-update-template',
      summary: `Changed the ${input.language} message of ${input.event}`,
      changes: { ...input },
    });
  });
  return listTemplates(db);
}

/** DELETE /api/customer-update-templates (admins): back to the default wording. */
export async function resetTemplate(
  db: Database,
  actor: Actor,
  input: Pick<UpdateTemplateInput, 'event' | 'language'>,
): Promise<CustomerUpdateTemplate[]> {
  if (await deleteTemplateRow(db, input.event, input.language)) {
    await recordAudit(db, {
      actorId: actor.id,
      action: 'customer-update.template-reset',
      entityType: 'customer-update-template',
      summary: `Set the ${input.language} message of ${input.event} back to the default`,
      changes: { ...input },
    });
  }
  return listTemplates(db);
}

/**
 * POST /api/record-customer-update: a sent update goes into the order's history as a
 * communication entry (who, when, which message), which the desk's history shows and the
 * customer's page leaves out. Whoever sees the order may record (a technician: their own).
 */
export async function recordCustomerUpdate(
  db: Database,
  actor: Actor,
  scope: Scope,
  input: RecordCustomerUpdateInput,
): Promise<null> {
  await db.transaction(async (tx) => {
    const order = await lockWorkOrder(tx, input.orderId);
    if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
    const language =
      input.language ??
      (await findWorkOrderRow(tx, order.id))?.customerLanguage ??
      DEFAULT_UPDATE_LANGUAGE;
    const remark = communicationRemark(input.event, language);
    await appendHistory(tx, {
      workOrderId: order.id,
      status: 'communication',
      remark,
      updatedBy: actor.id,
    });
    await touchWorkOrder(tx, order.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'work-order.customer-update',
      entityType: 'work-order',
      entityId: order.id,
      summary: `${order.orderId}: ${remark}`,
      changes: { event: input.event, language },
    });
  });
  return null;
}

/** GET /api/customer-update-settings: whether updates go by the server or by a wa.me link. */
export const sendingOf = (cloud: WhatsAppCloudConfig | null) => ({
  sendsBy: cloud ? ('server' as const) : ('link' as const),
});

/** Why a paused order stopped: its last pause's remark, as the work-order screens show it. */
function pauseReasonOf(order: { status: string; history: readonly (readonly unknown[])[] }) {
  if (order.status !== 'paused') return null;
  const pause = order.history.filter(([status]) => status === 'paused').at(-1);
  return typeof pause?.[1] === 'string' ? pause[1] : null;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof findWorkOrderRow>>>;

/**
 * What an update about the order is filled from (issue 39 item 10): the order, its branch's
 * phone and its money (the issued bills and invoices, a cancelled one counting nothing; the
 * last payment received), as the status page reads them. The Cloud API send and the screens
 * (GET /api/customer-update-facts) both fill it with updateValuesOf.
 */
async function factsOf(db: Database, order: OrderRow): Promise<CustomerUpdateFacts> {
  const [branch, bills, visit] = await Promise.all([
    findBranchContact(db, order.branchId),
    invoicesForStatusPage(db, order.id, {}),
    upcomingVisit(db, order),
  ]);
  let billedPaise = 0;
  let duePaise = 0;
  let last: { amount: number; receivedAt: string } | null = null;
  for (const bill of bills) {
    if (bill.invoice?.cancelledAt) continue;
    billedPaise += toPaise(bill.total);
    duePaise += toPaise(bill.dueAmount);
    for (const payment of bill.payments)
      if (!last || payment.receivedAt >= last.receivedAt) last = payment;
  }
  const technician = order.technician;
  return {
    orderId: order.orderId,
    projectType: order.projectType,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    customerWhatsapp: order.customerWhatsapp,
    customerLanguage: order.customerLanguage,
    branchName: order.branchName,
    branchPhone: branch?.phone.trim() || null,
    technician: technician
      ? { firstName: technician[1], lastName: technician[2], phoneNumber: technician[3] ?? null }
      : null,
    pauseReason: pauseReasonOf(order),
    money: {
      billed: toRupees(billedPaise),
      due: toRupees(duePaise),
      lastPayment: last ? last.amount : null,
    },
    visit,
  };
}

/** GET /api/customer-update-facts?orderId=: an order's update facts (a technician: their own). */
export async function customerUpdateFactsOf(
  db: Database,
  scope: Scope,
  reference: string,
): Promise<CustomerUpdateFacts> {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  return factsOf(db, order);
}

/**
 * POST /api/send-customer-update, with the Cloud API configured: the server fills the event's
 * message from the order (as the Send update link does in the browser), sends it, and keeps
 * it with Meta's message id for the delivery statuses; the history gets the communication.
 * A refusal by WhatsApp is kept as failed and answered 502 with WhatsApp's words.
 */
export async function sendCustomerUpdate(
  db: Database,
  actor: Actor,
  scope: Scope,
  cloud: WhatsAppCloudConfig,
  input: RecordCustomerUpdateInput,
  send: typeof fetch = fetch,
): Promise<{ status: string; messageId: string }> {
  const order = await findWorkOrderRow(db, input.orderId);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  const [link, templates, facts] = await Promise.all([
    statusLinkOf(db, actor, scope, order.id),
    listTemplates(db),
    factsOf(db, order),
  ]);
  // The customer's own language unless the sender chose one.
  const language = input.language ?? order.customerLanguage;
  const text = fillTemplate(
    templateBodyOf(templates, input.event, language),
    updateValuesOf(facts, `${cloud.publicUrl}${link.path}`, input.event),
    language,
  );
  const to = whatsappDigits(order.customerWhatsapp.trim() || order.customerPhone);
  const row = {
    workOrderId: order.id,
    event: input.event,
    language,
    toPhone: to,
    sentBy: actor.id,
  };
  let messageId: string;
  try {
    ({ messageId } = await sendCloudText(cloud, to, text, send));
  } catch (error) {
    const message = error instanceof CloudSendError ? error.message : String(error);
    await insertMessageRow(db, { ...row, status: 'failed', error: message });
    throw new HttpError(502, message);
  }
  await db.transaction(async (tx) => {
    await insertMessageRow(tx, { ...row, providerMessageId: messageId, status: 'sent' });
    await appendHistory(tx, {
      workOrderId: order.id,
      status: 'communication',
      remark: `${communicationRemark(input.event, language)} by Karya`,
      updatedBy: actor.id,
    });
    await touchWorkOrder(tx, order.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'work-order.customer-update-send',
      entityType: 'work-order',
      entityId: order.id,
      summary: `${order.orderId}: sent ${input.event} (${language}) through the WhatsApp Cloud API`,
      changes: { event: input.event, language, messageId },
    });
  });
  return { status: 'sent', messageId };
}

/** Meta's delivery statuses, as its webhook reports them; anything else is ignored. */
const DELIVERY_STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** POST /api/whatsapp-webhook: the delivery statuses of messages Karya sent. */
export async function recordDeliveryStatuses(db: Database, body: unknown): Promise<number> {
  let updated = 0;
  for (const { messageId, status } of statusesOfWebhook(body)) {
    if (DELIVERY_STATUSES.has(status) && (await updateMessageStatus(db, messageId, status))) {
      updated += 1;
    }
  }
  return updated;
}

/** GET /api/customer-update-messages?orderId=: what the server sent about an order, with status. */
export async function customerUpdateMessagesOf(db: Database, scope: Scope, reference: string) {
  const order = await findWorkOrderRow(db, reference);
  if (!order || !seesWork(scope, order)) throw notFound(WORK_ORDER_MESSAGES.workOrderNotFound);
  const rows = await listMessageRows(db, order.id);
  return rows.map((row) => ({
    event: row.event,
    language: row.language,
    to: row.toPhone,
    status: row.status,
    error: row.error,
    sentAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
