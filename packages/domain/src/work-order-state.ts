import type { WorkOrderStatus } from './contact-schemas';
import type { Role } from './roles';

/**
 * The one work-order state machine (spec 2 §4, §5, §6; spec 1 §5). The server applies it to
 * every status change; the screens may use it to decide which buttons to show.
 */

/** The messages of refused changes and of the transfer handling (spec 2 §5, §8; spec 1 §5). */
export const WORK_ORDER_STATE_MESSAGES = {
  workOrderNotFound: 'Work order not found',
  notAllowed: 'You are not allowed to change this work order',
  pauseReasonRequired: 'Please enter a reason for pausing the project',
  stopReasonRequired: 'Please enter a reason for stopping the project',
  rejectReasonRequired: 'Reject reason cannot be empty',
  acceptRemarkRequired: 'Please enter a remark for accepting the transfer',
  paymentRequired:
    'Generate a bill and collect the payment before sending the project for approval',
  pauseAfterPayment: 'A project cannot be paused after a payment has been made',
  activeProject: (projectType: string) =>
    `You already have an active project: ${projectType}. Please pause it before starting a new one.`,
  tooFewWords: (count: number) => `You must write at least 5 words. Current word count: ${count}`,
  cannotChange: (from: WorkOrderStatus, to: WorkOrderStatus) =>
    `${/^[aeiou]/.test(from) ? 'An' : 'A'} ${from} work order cannot be changed to ${to}`,
} as const;

/** Spec 1 §5: approval notes need at least this many words, counted by whitespace split. */
export const MIN_APPROVAL_NOTE_WORDS = 5;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

export const WORK_ORDER_ACTIONS = [
  'assign',
  'start',
  'pause',
  'resume',
  'stop',
  'accept-transfer',
  'reject-transfer',
  'send-for-approval',
  'approve',
] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

/**
 * Who may make a change: a manager of the order's branch, an admin (any branch), or the
 * technician the order is assigned to.
 */
export type TransitionActor = 'branch-manager' | 'admin' | 'assigned-technician';

/** What a change needs besides the actor and the current status. */
export type TransitionNeed =
  | 'reason'
  | 'remark'
  | 'approval-note'
  | 'no-other-active-project'
  | 'unpaid'
  | 'payment';

export interface TransitionRule {
  from: readonly WorkOrderStatus[];
  to: WorkOrderStatus;
  by: readonly TransitionActor[];
  needs: readonly TransitionNeed[];
}

/** Every change a work order can go through; nothing else is possible. */
export const WORK_ORDER_TRANSITIONS: Record<WorkOrderAction, TransitionRule> = {
  assign: {
    from: ['pending'],
    to: 'assigned',
    // Spec 2 §1: managers, and admins who pick the branch, assign pending work orders.
    by: ['branch-manager', 'admin'],
    needs: [],
  },
  start: {
    from: ['assigned', 'rejected'],
    to: 'in-progress',
    by: ['assigned-technician'],
    needs: ['no-other-active-project'],
  },
  pause: {
    from: ['in-progress'],
    to: 'paused',
    by: ['assigned-technician'],
    needs: ['reason', 'unpaid'],
  },
  resume: {
    from: ['paused'],
    to: 'in-progress',
    by: ['assigned-technician'],
    needs: ['no-other-active-project'],
  },
  stop: {
    from: ['in-progress'],
    to: 'transferring',
    by: ['assigned-technician'],
    needs: ['reason'],
  },
  'accept-transfer': {
    from: ['transferring'],
    to: 'transferred',
    by: ['branch-manager'],
    needs: ['remark'],
  },
  'reject-transfer': {
    from: ['transferring'],
    to: 'rejected',
    by: ['branch-manager'],
    needs: ['reason'],
  },
  'send-for-approval': {
    from: ['in-progress'],
    to: 'pending-approval',
    by: ['assigned-technician'],
    needs: ['payment'],
  },
  approve: {
    from: ['pending-approval'],
    to: 'completed',
    by: ['branch-manager'],
    needs: ['approval-note'],
  },
};

/**
 * The action behind a requested status: the one leading there from the current status, or
 * (when none does) the first leading there at all, so the refusal names the real rule.
 */
export function actionForStatus(
  current: WorkOrderStatus,
  requested: WorkOrderStatus,
): WorkOrderAction | null {
  const leadingThere = WORK_ORDER_ACTIONS.filter(
    (action) => WORK_ORDER_TRANSITIONS[action].to === requested,
  );
  return (
    leadingThere.find((action) => WORK_ORDER_TRANSITIONS[action].from.includes(current)) ??
    leadingThere[0] ??
    null
  );
}

export interface TransitionRequest {
  action: WorkOrderAction;
  order: { status: WorkOrderStatus; branchId: string; technicianId: string | null };
  actor: { id: string; role: Role; branchId: string | null };
  /** The reason, remark or note sent with the change. */
  remark?: string | undefined;
  /** The project type of another in-progress order of the technician, if any. */
  otherActiveProjectType?: string | null | undefined;
  /** Whether a payment is recorded for the order (a confirmed bill or a payment entry). */
  paymentDone?: boolean | undefined;
}

/**
 * Why a change is refused: 'not-found' when the actor may not see the order at all (another
 * branch, another technician's order), 'forbidden' when their role may not make it,
 * 'invalid-transition' from the wrong status, 'invalid-input' for a missing reason or note,
 * 'precondition' when the state of their work forbids it (another active project, payment).
 */
export type RefusalKind =
  | 'not-found'
  | 'forbidden'
  | 'invalid-transition'
  | 'invalid-input'
  | 'precondition';

export type TransitionDecision =
  | { allowed: true; to: WorkOrderStatus }
  | { allowed: false; kind: RefusalKind; message: string };

const refuse = (kind: RefusalKind, message: string): TransitionDecision => ({
  allowed: false,
  kind,
  message,
});

/**
 * Whether the actor may see the order (or its bill): their branch, their own work, or any as
 * an admin.
 */
export function canSeeWorkOrder(
  actor: TransitionRequest['actor'],
  order: Pick<TransitionRequest['order'], 'branchId' | 'technicianId'>,
): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'manager') return actor.branchId !== null && actor.branchId === order.branchId;
  return order.technicianId === actor.id;
}

function actsAs(
  actor: TransitionRequest['actor'],
  order: TransitionRequest['order'],
): TransitionActor | null {
  if (actor.role === 'admin') return 'admin';
  if (actor.role === 'manager') return 'branch-manager';
  return order.technicianId === actor.id ? 'assigned-technician' : null;
}

const REASON_MESSAGES: Partial<Record<WorkOrderAction, string>> = {
  pause: WORK_ORDER_STATE_MESSAGES.pauseReasonRequired,
  stop: WORK_ORDER_STATE_MESSAGES.stopReasonRequired,
  'reject-transfer': WORK_ORDER_STATE_MESSAGES.rejectReasonRequired,
};

function unmetNeed(need: TransitionNeed, request: TransitionRequest): TransitionDecision | null {
  const remark = request.remark?.trim() ?? '';
  switch (need) {
    case 'reason':
      return remark
        ? null
        : refuse(
            'invalid-input',
            REASON_MESSAGES[request.action] ?? WORK_ORDER_STATE_MESSAGES.pauseReasonRequired,
          );
    case 'remark':
      return remark
        ? null
        : refuse('invalid-input', WORK_ORDER_STATE_MESSAGES.acceptRemarkRequired);
    case 'approval-note': {
      const words = countWords(remark);
      return words >= MIN_APPROVAL_NOTE_WORDS
        ? null
        : refuse('invalid-input', WORK_ORDER_STATE_MESSAGES.tooFewWords(words));
    }
    case 'no-other-active-project':
      return request.otherActiveProjectType
        ? refuse(
            'precondition',
            WORK_ORDER_STATE_MESSAGES.activeProject(request.otherActiveProjectType),
          )
        : null;
    case 'unpaid':
      return request.paymentDone
        ? refuse('precondition', WORK_ORDER_STATE_MESSAGES.pauseAfterPayment)
        : null;
    case 'payment':
      return request.paymentDone
        ? null
        : refuse('precondition', WORK_ORDER_STATE_MESSAGES.paymentRequired);
  }
}

/**
 * Decides one change. Checks run from the most general to the most specific: whether the
 * actor sees the order, may make this change, from this status, with what it needs.
 */
export function decideTransition(request: TransitionRequest): TransitionDecision {
  const { action, order, actor } = request;
  const rule = WORK_ORDER_TRANSITIONS[action];
  if (!canSeeWorkOrder(actor, order)) {
    return refuse('not-found', WORK_ORDER_STATE_MESSAGES.workOrderNotFound);
  }
  const as = actsAs(actor, order);
  if (!as || !rule.by.includes(as)) {
    return refuse('forbidden', WORK_ORDER_STATE_MESSAGES.notAllowed);
  }
  if (!rule.from.includes(order.status)) {
    return refuse(
      'invalid-transition',
      WORK_ORDER_STATE_MESSAGES.cannotChange(order.status, rule.to),
    );
  }
  for (const need of rule.needs) {
    const refusal = unmetNeed(need, request);
    if (refusal) return refusal;
  }
  return { allowed: true, to: rule.to };
}

/** Spec 2 §4: the manager list's order of statuses, then newest first. */
export const MANAGER_STATUS_ORDER: readonly WorkOrderStatus[] = [
  'pending-approval',
  'in-progress',
  'assigned',
  'paused',
  'transferring',
  'transferred',
  'rejected',
  'pending',
  'completed',
];
