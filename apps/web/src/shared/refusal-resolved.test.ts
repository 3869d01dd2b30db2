import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { QueuedAction } from '../lib/offline-queue';
import { orderStatusSince, refusalResolved } from './refusal-resolved';
import { technicianWorkOrderKeys } from './technician-work-order-keys';

const CHECKLIST_REFUSAL = 'Please complete the checklist before sending for approval: Password';

const completion = (message: string, at = 1_000): QueuedAction => ({
  id: 'a1',
  orderId: 'WO-1',
  label: 'Complete Project & Send for Approval',
  steps: [{ method: 'POST', path: '/complete-work-order', body: { orderId: 'WO-1' } }],
  queuedAt: 500,
  refusal: { status: 409, message, at },
});

describe('refusalResolved', () => {
  it('clears a refused completion once the order is sent for approval or completed', () => {
    const action = completion('Payment must be recorded first');
    expect(refusalResolved(action, { status: 'in-progress' })).toBe(false);
    expect(refusalResolved(action, { status: 'pending-approval' })).toBe(true);
    expect(refusalResolved(action, { status: 'completed' })).toBe(true);
  });

  it('clears a checklist refusal once the checklist passes, read after the refusal', () => {
    const action = completion(CHECKLIST_REFUSAL);
    const passing = { refusal: null, known: true, updatedAt: 2_000 };
    expect(refusalResolved(action, { completion: passing })).toBe(true);
    // The copy the phone held before the refusal does not count.
    expect(refusalResolved(action, { completion: { ...passing, updatedAt: 900 } })).toBe(false);
    expect(
      refusalResolved(action, { completion: { ...passing, refusal: CHECKLIST_REFUSAL } }),
    ).toBe(false);
    expect(refusalResolved(action, { completion: { ...passing, known: false } })).toBe(false);
  });

  it('never clears another refusal because the checklist passes', () => {
    const action = completion('Payment must be recorded first');
    expect(
      refusalResolved(action, { completion: { refusal: null, known: true, updatedAt: 2_000 } }),
    ).toBe(false);
  });

  it('clears a refused status change once the order has that status', () => {
    const action: QueuedAction = {
      ...completion('Invalid status transition'),
      steps: [{ method: 'POST', path: '/update-work-status', body: { status: 'paused' } }],
    };
    expect(refusalResolved(action, { status: 'in-progress' })).toBe(false);
    expect(refusalResolved(action, { status: 'paused' })).toBe(true);
  });
});

describe('orderStatusSince', () => {
  it('reads the newest copy of the order written after the refusal', () => {
    const client = new QueryClient();
    client.setQueryData(
      technicianWorkOrderKeys.detail('c1', 'WO-1'),
      { orderId: 'WO-1', status: 'pending-approval' },
      { updatedAt: 900 },
    );
    expect(orderStatusSince(client, 'WO-1', 1_000)).toBeUndefined();
    client.setQueryData(
      technicianWorkOrderKeys.list(['in-progress']),
      {
        pages: [{ items: [{ orderId: 'WO-1', status: 'in-progress' }], total: 1 }],
        pageParams: [0],
      },
      { updatedAt: 1_500 },
    );
    expect(orderStatusSince(client, 'WO-1', 1_000)).toBe('in-progress');
    expect(orderStatusSince(client, 'WO-2', 1_000)).toBeUndefined();
  });
});
