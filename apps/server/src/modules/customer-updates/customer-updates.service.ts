import {
  CUSTOMER_UPDATE_EVENT_LABELS,
  CUSTOMER_UPDATE_EVENTS,
  type CustomerUpdateEvent,
  type CustomerUpdateFacts,
  type CustomerUpdateTemplate,
  communicationRemark,
  DEFAULT_UPDATE_LANGUAGE,
  DEFAULT_UPDATE_TEMPLATES,
  fillTemplate,
  type RecordCustomerUpdateInput,
  templateBodyOf,
  UPDATE_LANGUAGE_LABELS,
  UPDATE_LANGUAGES,
  type UpdateLanguage,
  type UpdateTemplateInput,
  type UpdateValues,
  updateValuesOf,
} from '@karya/domain/customer-updates';
import { toPaise, toRupees } from '@karya/domain/money';
import { CONVERSATION_MESSAGES } from '@karya/domain/whatsapp-conversations';
import {
  templateParameters,
  WHATSAPP_TEMPLATE_MESSAGES as WA,
} from '@karya/domain/whatsapp-templates';
import { WORK_ORDER_MESSAGES } from '@karya/domain/work-order-schemas';
import { recordAudit } from '../../audit/record-audit';
import type { Actor } from '../../auth/guard';
import { type Scope, seesWork } from '../../auth/scope';
import type { WhatsAppCloudConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http/errors';
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
  lockMessageByProviderId,
  lockReplyByProviderId,
  saveTemplateRow,
  setMessageStatus,
  setReplyStatus,
} from './customer-updates.queries';
import { numberStateOf, updateNumberOf, windowOpenUntil } from './customer-window';
import {
  CloudSendError,
  sendCloudTemplate,
  sendCloudText,
  statusesOfWebhook,
} from './whatsapp-cloud';
import { findWhatsappTemplateRow } from './whatsapp-templates.queries';

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

/** How an update goes out now (issue 40): what was sent, or that no template is mapped. */
export type Delivery =
  | { outcome: 'sent'; messageId: string }
  | { outcome: 'no-template' }
  | { outcome: 'opted-out' };

export interface DeliveryRequest {
  order: OrderRow;
  event: CustomerUpdateEvent;
  language: UpdateLanguage;
  /** Who caused it: the history's and the message's 'by'. */
  actorId: string | null;
  /** The customer's status link, absolute. */
  statusLink: string;
  /** The outbox row that sends it; its message row carries it (decision 047). */
  outboxId?: string;
  /** Runs in the transaction that records the sent message (the worker marks its row). */
  alsoOnSent?: (tx: Tx, messageId: string) => Promise<void>;
}

/**
 * How an update would go now, short of sending it: its approved template, else free-form text
 * while the customer's window is open, else not at all ('no-template'); never to a number that
 * replied STOP (decision 048). deliverUpdate sends by it, and the schedule board asks it
 * whether a queued update will really go (willGoByItself), so the two never disagree.
 */
async function deliveryPlanOf(
  db: Database,
  order: OrderRow,
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
) {
  return planTo(db, updateNumberOf(order), event, language);
}

/** The plan for a message to a number: what deliveryPlanOf decides, for an order or a quote. */
async function planTo(
  db: Database | Tx,
  to: string,
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
) {
  const [template, number] = await Promise.all([
    findWhatsappTemplateRow(db, event, language),
    numberStateOf(db, to),
  ]);
  const outcome: 'opted-out' | 'template' | 'text' | 'no-template' = number.optedOutAt
    ? 'opted-out'
    : template
      ? 'template'
      : windowOpenUntil(number)
        ? 'text'
        : 'no-template';
  return { to, template, number, outcome };
}

/**
 * Whether the outbox worker, reaching this order's update, would send it rather than skip it
 * (no approved template for the customer's language and no open window, or STOP).
 */
export async function willGoByItself(
  db: Database,
  workOrderId: string,
  event: CustomerUpdateEvent,
): Promise<boolean> {
  const order = await findWorkOrderRow(db, workOrderId);
  if (!order) return false;
  const language = order.customerLanguage as UpdateLanguage;
  const { outcome } = await deliveryPlanOf(db, order, event, language);
  return outcome === 'template' || outcome === 'text';
}

/**
 * Whether a quotation's message (issue 35) to this number in this language would go: the
 * same plan the worker sends it by (deliverQuoteMessage). Asked in the send's transaction.
 */
export async function quoteWillGoByItself(
  db: Database | Tx,
  to: string,
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
): Promise<boolean> {
  const { outcome } = await planTo(db, to, event, language);
  return outcome === 'template' || outcome === 'text';
}

export interface QuoteDeliveryRequest {
  quotationId: string;
  event: CustomerUpdateEvent;
  /** What the send fixed: the number, the language and the placeholders' values. */
  payload: Record<string, string>;
  actorId: string | null;
  outboxId: string;
  /** Runs in the transaction that records the sent message (the worker marks its row). */
  alsoOnSent: (tx: Tx) => Promise<void>;
}

/** A quote's history line of its WhatsApp message: the audit trail it already keeps. */
export async function recordQuoteMessage(
  db: Database | Tx,
  request: Pick<QuoteDeliveryRequest, 'quotationId' | 'event' | 'payload' | 'actorId' | 'outboxId'>,
  outcome: 'sent' | 'failed' | 'skipped',
  detail: Record<string, unknown>,
) {
  const language = request.payload.language as UpdateLanguage;
  const number = request.payload.quotationNumber ?? '';
  const said =
    outcome === 'sent'
      ? `${communicationRemark(request.event, language)} by Karya`
      : outcome === 'failed'
        ? WA.notSent(request.event, language, String(detail.reason ?? ''))
        : `WhatsApp update not sent: ${String(detail.reason ?? '')}`;
  await recordAudit(db, {
    actorId: request.actorId,
    action: `quotation.whatsapp-${outcome}`,
    entityType: 'quotation',
    entityId: request.quotationId,
    summary: `${number}: ${said}`,
    changes: { event: request.event, language, outboxId: request.outboxId, ...detail },
  });
}

/**
 * Sends a planned message: its mapped template with these values, else (the window being
 * open) the event's body as free-form text. deliverUpdate and deliverQuoteMessage share it.
 */
async function sendPlanned(
  db: Database,
  cloud: WhatsAppCloudConfig,
  to: string,
  template: Awaited<ReturnType<typeof planTo>>['template'],
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
  values: UpdateValues,
  send: typeof fetch,
): Promise<{ kind: 'template' | 'text'; messageId: string }> {
  if (template) {
    const { messageId } = await sendCloudTemplate(
      cloud,
      to,
      {
        name: template.templateName,
        languageCode: template.languageCode,
        parameters: templateParameters(template.parameters, values),
      },
      send,
    );
    return { kind: 'template', messageId };
  }
  const templates = await listTemplates(db);
  const text = fillTemplate(templateBodyOf(templates, event, language), values, language);
  const { messageId } = await sendCloudText(cloud, to, text, send);
  return { kind: 'text', messageId };
}

/**
 * Sends a quotation's message (issue 35) as deliverUpdate sends an order's: its approved
 * template with the values fixed at the send, else free-form text while the customer's window
 * is open, else nothing; never after STOP. The audit line and the row's 'sent' commit
 * together. WhatsApp's refusal is thrown (CloudSendError) for the worker to retry or keep.
 */
export async function deliverQuoteMessage(
  db: Database,
  cloud: WhatsAppCloudConfig,
  request: QuoteDeliveryRequest,
  send: typeof fetch = fetch,
): Promise<Delivery> {
  const { event, payload } = request;
  const language = payload.language as UpdateLanguage;
  const to = payload.to ?? '';
  const { template, outcome } = await planTo(db, to, event, language);
  if (outcome === 'opted-out' || outcome === 'no-template') return { outcome };
  const values = payload as UpdateValues;
  const { kind, messageId } = await sendPlanned(
    db,
    cloud,
    to,
    template,
    event,
    language,
    values,
    send,
  );
  await db.transaction(async (tx) => {
    await recordQuoteMessage(tx, request, 'sent', { messageId, kind });
    await request.alsoOnSent(tx);
  });
  return { outcome: 'sent', messageId };
}

/**
 * Sends an update the way Meta allows (issue 40): the approved template mapped for the event
 * and language, with its body parameters filled from the order; a free-form text only while
 * the customer's 24-hour window is open (never, until inbound messages are stored: see
 * customer-window.ts); otherwise nothing ('no-template'). A sent message is kept with Meta's
 * id and goes into the history in one transaction. WhatsApp's refusal is thrown
 * (CloudSendError) for the caller to keep, retry or answer.
 */
export async function deliverUpdate(
  db: Database,
  cloud: WhatsAppCloudConfig,
  request: DeliveryRequest,
  send: typeof fetch = fetch,
): Promise<Delivery> {
  const { order, event, language } = request;
  const [{ to, template, outcome }, facts] = await Promise.all([
    deliveryPlanOf(db, order, event, language),
    factsOf(db, order),
  ]);
  if (outcome === 'opted-out' || outcome === 'no-template') return { outcome };
  const values = updateValuesOf(facts, request.statusLink, event);
  const { kind, messageId } = await sendPlanned(
    db,
    cloud,
    to,
    template,
    event,
    language,
    values,
    send,
  );
  await db.transaction(async (tx) => {
    await insertMessageRow(tx, {
      workOrderId: order.id,
      event,
      language,
      toPhone: to,
      sentBy: request.actorId,
      kind,
      outboxId: request.outboxId ?? null,
      providerMessageId: messageId,
      status: 'sent',
    });
    await appendHistory(tx, {
      workOrderId: order.id,
      status: 'communication',
      remark: `${communicationRemark(event, language)} by Karya`,
      updatedBy: request.actorId as string,
    });
    await touchWorkOrder(tx, order.id);
    await recordAudit(tx, {
      actorId: request.actorId,
      action: 'work-order.customer-update-send',
      entityType: 'work-order',
      entityId: order.id,
      summary: `${order.orderId}: sent ${event} (${language}) through the WhatsApp Cloud API as a ${kind}`,
      changes: { event, language, messageId, kind, outboxId: request.outboxId ?? null },
    });
    await request.alsoOnSent?.(tx, messageId);
  });
  return { outcome: 'sent', messageId };
}

/**
 * POST /api/send-customer-update, with the Cloud API configured: the server fills the event's
 * approved template from the order and sends it (deliverUpdate). With no template mapped and
 * the customer's window closed, nothing is sent: 409, and the button offers the sender's own
 * WhatsApp instead. A refusal by WhatsApp is kept as failed and answered 502 with its words.
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
  const link = await statusLinkOf(db, actor, scope, order.id);
  // The customer's own language unless the sender chose one.
  const language = input.language ?? order.customerLanguage;
  let delivery: Delivery;
  try {
    delivery = await deliverUpdate(
      db,
      cloud,
      {
        order,
        event: input.event,
        language,
        actorId: actor.id,
        statusLink: `${cloud.publicUrl}${link.path}`,
      },
      send,
    );
  } catch (error) {
    if (!(error instanceof CloudSendError)) throw error;
    await insertMessageRow(db, {
      workOrderId: order.id,
      event: input.event,
      language,
      toPhone: updateNumberOf(order),
      sentBy: actor.id,
      kind: 'template',
      status: 'failed',
      error: error.message,
    });
    throw new HttpError(502, error.message);
  }
  if (delivery.outcome === 'opted-out') throw conflict(CONVERSATION_MESSAGES.optedOut);
  if (delivery.outcome === 'no-template') throw conflict(WA.windowClosed);
  return { status: 'sent', messageId: delivery.messageId };
}

/** An order as the worker loads it by its row id: null when it was deleted since. */
export const findOrderForUpdate = (db: Database, id: string) => findWorkOrderRow(db, id);

/** The status link of an order, made by the worker for whoever caused the event. */
export async function statusLinkForWorker(
  db: Database,
  cloud: WhatsAppCloudConfig,
  actorId: string | null,
  orderId: string,
): Promise<string> {
  // statusLinkOf reads only the actor's id (the link's creator); the worker sees every branch.
  const link = await statusLinkOf(db, { id: actorId } as Actor, { kind: 'all' }, orderId);
  return `${cloud.publicUrl}${link.path}`;
}

/** Meta's delivery statuses in the order they happen; a late 'delivered' never undoes 'read'. */
const STATUS_RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * A status of a free-form reply from the conversation (whatsapp_messages), by the same
 * forward-only rule; no history line, since a reply belongs to no order. Whether it was one.
 */
async function recordReplyStatus(
  tx: Tx,
  messageId: string,
  status: string,
  rank: number,
  reason: string | null,
): Promise<boolean> {
  const reply = await lockReplyByProviderId(tx, messageId);
  if (!reply) return false;
  if ((STATUS_RANK[reply.status] ?? 0) < rank)
    await setReplyStatus(tx, reply.id, status, status === 'failed' ? reason : null);
  return true;
}

/**
 * POST /api/whatsapp-webhook: the delivery statuses of messages Karya sent. Each step forward
 * (delivered, read, or failed with Meta's reason) is kept on the message and written into the
 * order's history, where the desk reads it below 'WhatsApp update sent'. A repeated or late
 * status (Meta delivers webhooks at least once, in no promised order) changes nothing.
 */
export async function recordDeliveryStatuses(db: Database, body: unknown): Promise<number> {
  let updated = 0;
  for (const { messageId, status, reason } of statusesOfWebhook(body)) {
    const rank = STATUS_RANK[status];
    if (rank === undefined) continue;
    const known = await db.transaction(async (tx) => {
      const row = await lockMessageByProviderId(tx, messageId);
      if (!row) return recordReplyStatus(tx, messageId, status, rank, reason);
      if ((STATUS_RANK[row.status] ?? 0) >= rank) return true;
      await setMessageStatus(tx, row.id, status, status === 'failed' ? reason : null);
      const event = row.event as CustomerUpdateEvent;
      const language = row.language as UpdateLanguage;
      await appendHistory(tx, {
        workOrderId: row.workOrderId,
        status: 'communication',
        remark: deliveryRemark(event, language, status, reason),
        updatedBy: row.sentBy as string,
      });
      await touchWorkOrder(tx, row.workOrderId);
      return true;
    });
    if (known) updated += 1;
  }
  return updated;
}

/** 'WhatsApp update delivered: Technician assigned (Hinglish)'; a failure with Meta's reason. */
export function deliveryRemark(
  event: CustomerUpdateEvent,
  language: UpdateLanguage,
  status: string,
  reason: string | null,
) {
  const what = `${CUSTOMER_UPDATE_EVENT_LABELS[event]} (${UPDATE_LANGUAGE_LABELS[language]})`;
  return status === 'failed'
    ? `WhatsApp update failed: ${what}${reason ? `: ${reason}` : ''}`
    : `WhatsApp update ${status}: ${what}`;
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
