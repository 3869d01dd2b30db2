import { describe, expect, it } from 'vitest';
import type { QueuedAction } from '../lib/offline-queue';
import { SIGNATURE_PATH, waitingSignatureOf } from './job-signature';

const action = (id: string, body: Record<string, unknown>, refused = false): QueuedAction => ({
  id,
  orderId: 'WO-2026-000001',
  label: 'Customer signature',
  steps: [{ method: 'POST', path: SIGNATURE_PATH, body }],
  queuedAt: Number(id),
  refusal: refused ? { status: 409, message: 'No', at: 1 } : null,
});

describe('a signature waiting in the phone’s queue (issue 22)', () => {
  it('is the last one taken that the server has not refused', () => {
    const first = new Blob(['1'], { type: 'image/png' });
    const second = new Blob(['2'], { type: 'image/png' });
    const refused = new Blob(['3'], { type: 'image/png' });
    const waiting = waitingSignatureOf([
      action('1', { signerName: 'Asha', file: first }),
      action('2', { signerName: 'Asha Rao', file: second }),
      action('3', { signerName: 'Someone', file: refused }, true),
    ]);
    expect(waiting).toEqual({ signerName: 'Asha Rao', file: second, queuedAt: 2 });
  });

  it('is none when only other actions wait', () => {
    const other: QueuedAction = {
      ...action('1', {}),
      steps: [{ method: 'POST', path: '/update-work-status', body: { status: 'paused' } }],
    };
    expect(waitingSignatureOf([other])).toBeNull();
  });
});
