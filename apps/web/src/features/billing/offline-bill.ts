import type {
  Bill,
  BillLine,
  BillTaxSetting,
  ConfirmOrderBillAnswer,
} from '@karya/domain/bill-schemas';
import { invoiceTotals, isIntraState, lineTax, percentToBasisPoints } from '@karya/domain/gst';
import type { TechnicianInventoryItem } from '@karya/domain/inventory-answers';
import { formatRupees, toPaise, toRupees } from '@karya/domain/money';
import type { WorkOrderDetail } from '@karya/domain/work-order-schemas';
import { ApiError } from '../../lib/api-client';
import type { NewAction } from '../../lib/offline-queue';
import { CREATE_BILL_PATH } from '../../shared/van-stock';
import type { ConfirmPayment } from './api/confirm-order-bill';
import {
  billableLines,
  type DraftLine,
  lineAmountPaise,
  lineRatePaise,
  toBillItems,
} from './bill-lines';
import type { PaymentDraft } from './bill-wizard-state';
import { OFFLINE_BILL_TEXT } from './billing-messages';

/**
 * A bill made with no signal (issue 20, decision 028): the Bill Summary is worked out on the
 * phone from the van stock with the domain's GST arithmetic, and the bill and its cash payment
 * are queued as one action of two steps, create-bill then confirm-order-bill with the new
 * bill's id, under the bill's own key, so the server makes it once however often it is sent.
 */

export const CONFIRM_BILL_PATH = '/confirm-order-bill';

/** What POST /create-bill receives; the same object online and queued (one fingerprint). */
export function createBillBody(
  order: Pick<WorkOrderDetail, 'customerId' | 'orderId'>,
  lines: readonly DraftLine[],
) {
  return { customerId: order.customerId, orderId: order.orderId, items: toBillItems(lines) };
}
export type CreateBillBody = ReturnType<typeof createBillBody>;

/** The Idempotency-Key of each step: what the queue sends for step i of a two-step action. */
export const billStepKey = (billKey: string, step: 0 | 1) => `${billKey}.${step}`;

/** A bill the phone made itself carries this id until the server gives it one. */
export const LOCAL_BILL_PREFIX = 'local-';
export const isLocalBill = (bill: Pick<Bill, 'billId'>) =>
  bill.billId.startsWith(LOCAL_BILL_PREFIX);

/**
 * The bill as the server would make it from these lines (create-bill's taxBill): prices and
 * GST rates from the van stock, the branch's invoice kind and supplying state from the cached
 * bill-tax setting, each line's tax by the domain's lineTax and the total rounded to the
 * rupee by invoiceTotals. Without the setting (never loaded) the rates are charged within the
 * state. The server's answer replaces the figures when the bill is sent.
 */
export function localBillOf(
  order: Pick<
    WorkOrderDetail,
    | 'customerId'
    | 'orderId'
    | '_id'
    | 'customerName'
    | 'customerPhone'
    | 'location'
    | 'branch'
    | 'placeOfSupply'
  >,
  lines: readonly DraftLine[],
  items: readonly TechnicianInventoryItem[],
  billKey: string,
  now: Date,
  setting: BillTaxSetting | null = null,
): Bill {
  const billed = billableLines(lines);
  const taxInvoice = (setting?.invoiceKind ?? 'tax-invoice') === 'tax-invoice';
  const place = order.placeOfSupply?.code ?? setting?.supplierStateCode ?? null;
  const intraState = setting ? isIntraState(setting.supplierStateCode, place) : true;
  const taxOf = (line: DraftLine) => {
    const item = items.find((candidate) => candidate.itemId === line.itemId);
    return { gstRate: item?.gstRate ?? null, priceIncludesTax: item?.priceIncludesTax ?? true };
  };
  const taxed = billed.map((line) => {
    const tax = taxOf(line);
    return lineTax({
      amountPaise: lineAmountPaise(line),
      // A bill of supply charges no tax (decision 020).
      rateBp: taxInvoice && tax.gstRate !== null ? percentToBasisPoints(tax.gstRate) : null,
      priceIncludesTax: tax.priceIncludesTax,
      intraState,
    });
  });
  const totals = invoiceTotals(taxed);
  const billLines: BillLine[] = billed.map((line, index) => {
    const tax = taxed[index];
    const facts = taxOf(line);
    const item = items.find((candidate) => candidate.itemId === line.itemId);
    return {
      _id: `${billKey}-${index}`,
      itemId: line.itemId,
      itemObjectId: item?._id ?? line.itemId,
      name: line.name,
      type: line.type,
      unit: line.unit,
      quantity: line.quantity,
      serialNumber: line.serialNumber,
      price: toRupees(lineRatePaise(line)),
      amount: toRupees(tax?.totalPaise ?? lineAmountPaise(line)),
      hsnSac: null,
      gstRate: facts.gstRate,
      priceIncludesTax: facts.priceIncludesTax,
      warranty: '',
      taxable: toRupees(tax?.taxablePaise ?? 0),
      cgst: toRupees(tax?.cgstPaise ?? 0),
      sgst: toRupees(tax?.sgstPaise ?? 0),
      igst: toRupees(tax?.igstPaise ?? 0),
    };
  });
  const total = toRupees(totals.totalPaise);
  return {
    _id: `${LOCAL_BILL_PREFIX}${billKey}`,
    billId: `${LOCAL_BILL_PREFIX}${billKey}`,
    billNumber: null,
    status: 'pending',
    workOrderId: order._id,
    orderId: order.orderId,
    customerId: order.customerId,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    customerAddress: order.location,
    branch: { _id: order.branch._id, name: order.branch.name, address: '', phone: '' },
    technician: null,
    items: billLines,
    total,
    paidAmount: 0,
    dueAmount: total,
    paymentStatus: 'unpaid',
    paymentMethod: null,
    transactionId: null,
    rejectionReason: null,
    createdAt: now.toISOString(),
    paidAt: null,
    rejectedAt: null,
    // UPI needs the network (decision 028): a bill made offline offers no QR code.
    upiPayee: null,
    upiLink: null,
    tax: {
      intraState,
      placeOfSupply: order.placeOfSupply ?? null,
      taxable: toRupees(totals.taxablePaise),
      cgst: toRupees(totals.cgstPaise),
      sgst: toRupees(totals.sgstPaise),
      igst: toRupees(totals.igstPaise),
      roundOff: toRupees(totals.roundOffPaise),
    },
    invoice: null,
    payments: [],
    dueUpiLink: null,
  };
}

/** 'Bill ₹1,180.00 · cash ₹1,180.00': what the order shows while the bill waits to sync. */
export function queuedBillLabel(totalPaise: number, paidPaise: number): string {
  return `Bill ${formatRupees(totalPaise)} · cash ${formatRupees(paidPaise)}`;
}

/**
 * The bill and its cash payment as ONE queued action under the bill's key: step 0 makes the
 * bill, step 1 records the cash with step 0's billId. When the whole total was taken the
 * amount paid is also read from step 0's answer, so the server's own total is what is paid.
 * `billId` is given when the server already made the bill (its answer came back before the
 * network went): step 0 then answers from the server's kept answer and changes nothing, and
 * the amount is the one the screen showed, as it was sent.
 */
export function queuedBillAction(input: {
  billKey: string;
  orderId: string;
  body: CreateBillBody;
  totalPaise: number;
  payment: PaymentDraft;
  serverBill: boolean;
}): NewAction & { id: string } {
  const { billKey, orderId, body, totalPaise, payment, serverBill } = input;
  if (payment.method !== 'cash') throw new Error('Only a cash payment is queued');
  const fullAmount = payment.paidPaise === totalPaise && !serverBill;
  return {
    id: billKey,
    orderId,
    label: queuedBillLabel(totalPaise, payment.paidPaise),
    steps: [
      { method: 'POST', path: CREATE_BILL_PATH, body },
      {
        method: 'POST',
        path: CONFIRM_BILL_PATH,
        body: {
          paymentMethod: 'cash',
          transactionId: null,
          ...(fullAmount ? {} : { paidAmount: toRupees(payment.paidPaise) }),
        },
        from: {
          billId: { step: 0, field: 'billId' },
          ...(fullAmount ? { paidAmount: { step: 0, field: 'total' } } : {}),
        },
      },
    ],
  };
}

/** A bill ready for payment: the server's, or the phone's own while there is no signal. */
export interface PreparedBill {
  /** The bill's key: step 0 is sent as `${key}.0`, its payment as `${key}.1`. */
  key: string;
  bill: Bill;
  body: CreateBillBody;
  /** Made on the phone: nothing was sent yet, the queue sends it. */
  local: boolean;
}

/** Whether the phone may send now: it has a network and nothing of the user waits before. */
export interface Connection {
  online: boolean;
  /** Actions of this user wait in the queue: a bill must go after them (e.g. the Start). */
  waiting: boolean;
}

export const sendsNow = (connection: Connection) => connection.online && !connection.waiting;

/**
 * Review Bill: online, the server makes the bill with the bill's step-0 key (its tax split is
 * the server's); offline, behind queued actions, or when the request got no answer, the phone
 * works it out itself and nothing is sent until the payment is queued.
 */
export async function prepareBill(
  deps: Connection & {
    create: (body: CreateBillBody, key: string) => Promise<Bill>;
    newKey: () => string;
    now: () => Date;
    /** The branch's bill-tax setting from the cache; null when it never loaded. */
    taxSetting?: BillTaxSetting | null;
  },
  order: Parameters<typeof localBillOf>[0],
  lines: readonly DraftLine[],
  items: readonly TechnicianInventoryItem[],
): Promise<PreparedBill> {
  const key = deps.newKey();
  const body = createBillBody(order, lines);
  const local = (): PreparedBill => ({
    key,
    body,
    local: true,
    bill: localBillOf(order, lines, items, key, deps.now(), deps.taxSetting ?? null),
  });
  if (!sendsNow(deps)) return local();
  try {
    return { key, body, local: false, bill: await deps.create(body, billStepKey(key, 0)) };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) return local();
    throw error;
  }
}

export type PayResult = { queued: true } | { queued: false; answer: ConfirmOrderBillAnswer };

/**
 * Confirm Payment: online, the payment is recorded at once with the bill's step-1 key. With no
 * signal (or a local bill, or actions waiting before it) a cash payment is queued with its bill
 * as one action; UPI is refused, it needs the network to be trusted. A cash payment whose
 * answer was lost is queued under the same keys, so it lands once.
 */
export async function payBill(
  deps: Connection & {
    confirm: (input: ConfirmPayment, key: string) => Promise<ConfirmOrderBillAnswer>;
    enqueue: (action: NewAction & { id: string }) => Promise<unknown>;
  },
  orderId: string,
  prepared: PreparedBill,
  payment: PaymentDraft,
): Promise<PayResult> {
  const queue = async (serverBill: boolean): Promise<PayResult> => {
    await deps.enqueue(
      queuedBillAction({
        billKey: prepared.key,
        orderId,
        body: prepared.body,
        totalPaise: toPaise(prepared.bill.total),
        payment,
        serverBill,
      }),
    );
    return { queued: true };
  };
  const canQueue = payment.method === 'cash';
  if (prepared.local || !sendsNow(deps)) {
    if (!canQueue) throw new Error(OFFLINE_BILL_TEXT.upiNeedsNetwork);
    return queue(!prepared.local);
  }
  const input: ConfirmPayment = {
    billId: prepared.bill.billId,
    paymentMethod: payment.method,
    transactionId: payment.transactionId,
    paidAmount: toRupees(payment.paidPaise),
  };
  try {
    return { queued: false, answer: await deps.confirm(input, billStepKey(prepared.key, 1)) };
  } catch (error) {
    if (canQueue && error instanceof ApiError && error.isNetworkError) return queue(true);
    throw error;
  }
}
