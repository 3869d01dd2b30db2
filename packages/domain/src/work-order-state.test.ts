import { describe, expect, it } from 'vitest';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from './contact-schemas';
import {
  actionForStatus,
  countWords,
  decideTransition,
  type TransitionRequest,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderAction,
} from './work-order-state';

const BRANCH = 'branch-a';
const TECH = 'tech-1';
const manager = { id: 'manager-1', role: 'manager' as const, branchId: BRANCH };
const otherManager = { id: 'manager-2', role: 'manager' as const, branchId: 'branch-b' };
const admin = { id: 'admin-1', role: 'admin' as const, branchId: null };
const technician = { id: TECH, role: 'technician' as const, branchId: BRANCH };
const otherTechnician = { id: 'tech-2', role: 'technician' as const, branchId: BRANCH };

const order = (status: WorkOrderStatus, technicianId: string | null = TECH) => ({
  status,
  branchId: BRANCH,
  technicianId,
});

function decide(
  action: WorkOrderAction,
  status: WorkOrderStatus,
  actor: TransitionRequest['actor'],
  extra: Partial<TransitionRequest> = {},
) {
  return decideTransition({
    action,
    order: order(status, status === 'pending' ? null : TECH),
    actor,
    ...extra,
  });
}

const FIVE_WORDS = 'All work done and checked';

describe('the allowed changes', () => {
  it.each([
    ['assign', 'pending', manager, {}, 'assigned'],
    ['assign', 'pending', admin, {}, 'assigned'],
    ['start', 'assigned', technician, {}, 'in-progress'],
    ['start', 'rejected', technician, {}, 'in-progress'],
    ['pause', 'in-progress', technician, { remark: 'Waiting for parts' }, 'paused'],
    ['resume', 'paused', technician, {}, 'in-progress'],
    ['stop', 'in-progress', technician, { remark: 'Need a ladder' }, 'transferring'],
    ['accept-transfer', 'transferring', manager, { remark: 'Reassigning' }, 'transferred'],
    ['reject-transfer', 'transferring', manager, { remark: 'Please finish it' }, 'rejected'],
    ['send-for-approval', 'in-progress', technician, { paymentDone: true }, 'pending-approval'],
    ['approve', 'pending-approval', manager, { remark: FIVE_WORDS }, 'completed'],
  ] as const)('%s from %s by %o', (action, status, actor, extra, to) => {
    expect(decide(action, status, actor, extra)).toEqual({ allowed: true, to });
  });
});

describe('changes from any other status are refused', () => {
  for (const action of WORK_ORDER_ACTIONS) {
    const rule = WORK_ORDER_TRANSITIONS[action];
    const actor = rule.by.includes('assigned-technician') ? technician : manager;
    for (const status of WORK_ORDER_STATUSES.filter((s) => !rule.from.includes(s))) {
      it(`${action} from ${status}`, () => {
        const decision = decideTransition({
          action,
          order: order(status),
          actor,
          remark: FIVE_WORDS,
          paymentDone: action === 'send-for-approval',
        });
        expect(decision).toMatchObject({ allowed: false, kind: 'invalid-transition' });
      });
    }
  }
});

describe('who may make each change', () => {
  it('no one can reach completed except a manager approving', () => {
    const toCompleted = WORK_ORDER_ACTIONS.filter(
      (a) => WORK_ORDER_TRANSITIONS[a].to === 'completed',
    );
    expect(toCompleted).toEqual(['approve']);
    expect(WORK_ORDER_TRANSITIONS.approve.by).toEqual(['branch-manager']);
  });

  it('a technician cannot approve, assign or handle a transfer', () => {
    expect(decide('approve', 'pending-approval', technician, { remark: FIVE_WORDS })).toMatchObject(
      {
        allowed: false,
        kind: 'forbidden',
      },
    );
    expect(decide('accept-transfer', 'transferring', technician, { remark: 'ok' })).toMatchObject({
      allowed: false,
      kind: 'forbidden',
    });
    expect(decide('reject-transfer', 'transferring', technician, { remark: 'no' })).toMatchObject({
      allowed: false,
      kind: 'forbidden',
    });
    expect(
      decideTransition({ action: 'assign', order: order('pending', null), actor: technician }),
    ).toMatchObject({ allowed: false, kind: 'not-found' });
  });

  it('a technician cannot act on another technician’s order', () => {
    for (const [action, status] of [
      ['start', 'assigned'],
      ['pause', 'in-progress'],
      ['resume', 'paused'],
      ['stop', 'in-progress'],
      ['send-for-approval', 'in-progress'],
    ] as const) {
      expect(
        decide(action, status, otherTechnician, { remark: 'reason', paymentDone: true }),
      ).toMatchObject({ allowed: false, kind: 'not-found' });
    }
  });

  it('a manager cannot do the technician’s part', () => {
    for (const [action, status] of [
      ['start', 'assigned'],
      ['pause', 'in-progress'],
      ['resume', 'paused'],
      ['stop', 'in-progress'],
      ['send-for-approval', 'in-progress'],
    ] as const) {
      expect(
        decide(action, status, manager, { remark: 'reason', paymentDone: true }),
      ).toMatchObject({ allowed: false, kind: 'forbidden' });
    }
  });

  it('a manager of another branch does not see the order', () => {
    expect(decide('assign', 'pending', otherManager)).toMatchObject({
      allowed: false,
      kind: 'not-found',
    });
    expect(
      decide('approve', 'pending-approval', otherManager, { remark: FIVE_WORDS }),
    ).toMatchObject({ allowed: false, kind: 'not-found' });
    expect(
      decideTransition({
        action: 'assign',
        order: order('pending', null),
        actor: { ...manager, branchId: null },
      }),
    ).toMatchObject({ allowed: false, kind: 'not-found' });
  });

  it('an admin assigns but does not approve or handle transfers', () => {
    expect(decide('approve', 'pending-approval', admin, { remark: FIVE_WORDS })).toMatchObject({
      allowed: false,
      kind: 'forbidden',
    });
    expect(decide('accept-transfer', 'transferring', admin, { remark: 'ok' })).toMatchObject({
      allowed: false,
      kind: 'forbidden',
    });
  });
});

describe('what each change needs', () => {
  it('start and resume are refused while another project is active', () => {
    for (const [action, status] of [
      ['start', 'assigned'],
      ['start', 'rejected'],
      ['resume', 'paused'],
    ] as const) {
      expect(decide(action, status, technician, { otherActiveProjectType: 'CCTV Camera' })).toEqual(
        {
          allowed: false,
          kind: 'precondition',
          message:
            'You already have an active project: CCTV Camera. Please pause it before starting a new one.',
        },
      );
    }
  });

  it('pause needs a non-blank reason and no payment', () => {
    expect(decide('pause', 'in-progress', technician, { remark: '   ' })).toEqual({
      allowed: false,
      kind: 'invalid-input',
      message: 'Please enter a reason for pausing the project',
    });
    expect(decide('pause', 'in-progress', technician)).toMatchObject({ kind: 'invalid-input' });
    expect(
      decide('pause', 'in-progress', technician, { remark: 'Lunch', paymentDone: true }),
    ).toMatchObject({ allowed: false, kind: 'precondition' });
  });

  it('stop needs a reason', () => {
    expect(decide('stop', 'in-progress', technician, { remark: '' })).toEqual({
      allowed: false,
      kind: 'invalid-input',
      message: 'Please enter a reason for stopping the project',
    });
  });

  it('reject needs a reason, accept a remark', () => {
    expect(decide('reject-transfer', 'transferring', manager, { remark: ' ' })).toEqual({
      allowed: false,
      kind: 'invalid-input',
      message: 'Reject reason cannot be empty',
    });
    expect(decide('accept-transfer', 'transferring', manager, { remark: '' })).toMatchObject({
      allowed: false,
      kind: 'invalid-input',
    });
  });

  it('sending for approval needs a payment', () => {
    expect(decide('send-for-approval', 'in-progress', technician)).toMatchObject({
      allowed: false,
      kind: 'precondition',
    });
  });

  it('approval needs a note of at least 5 words', () => {
    expect(
      decide('approve', 'pending-approval', manager, { remark: 'Work done and checked' }),
    ).toEqual({
      allowed: false,
      kind: 'invalid-input',
      message: 'You must write at least 5 words. Current word count: 4',
    });
    expect(decide('approve', 'pending-approval', manager, { remark: '' })).toMatchObject({
      message: 'You must write at least 5 words. Current word count: 0',
    });
  });
});

describe('helpers', () => {
  it('counts words by whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  one   two\tthree\nfour ')).toBe(4);
  });

  it('finds the action behind a requested status', () => {
    expect(actionForStatus('assigned', 'in-progress')).toBe('start');
    expect(actionForStatus('rejected', 'in-progress')).toBe('start');
    expect(actionForStatus('paused', 'in-progress')).toBe('resume');
    expect(actionForStatus('in-progress', 'paused')).toBe('pause');
    expect(actionForStatus('in-progress', 'transferring')).toBe('stop');
    expect(actionForStatus('in-progress', 'pending-approval')).toBe('send-for-approval');
    expect(actionForStatus('in-progress', 'completed')).toBe('approve');
    expect(actionForStatus('in-progress', 'pending')).toBeNull();
  });
});
