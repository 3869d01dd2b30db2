import { CHECKLIST_MESSAGES, type WorkOrderChecklist } from '@karya/domain/checklists';
import { describe, expect, it } from 'vitest';
import { answerLocally, queuedAnswerLabel, storedAnswer } from './answer-locally';

const open = (itemId: string, label: string, kind: 'yes-no' | 'number', required: boolean) => ({
  itemId,
  label,
  kind,
  required,
  answer: null,
  answeredAt: null,
  answeredBy: null,
});

const checklist: WorkOrderChecklist = {
  orderId: 'WO-2026-000001',
  projectType: 'CCTV Camera',
  editable: true,
  items: [open('a', 'Cameras mounted', 'yes-no', true), open('b', 'Cameras', 'number', true)],
  missingRequired: ['Cameras mounted', 'Cameras'],
};

describe('a checklist answer queued with no signal', () => {
  it('shows the item answered and what is still required, as the server will', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const answered = answerLocally(checklist, 'a', 'no', now);
    expect(answered.items[0]).toMatchObject({ answer: 'no', answeredAt: now.toISOString() });
    expect(answered.missingRequired).toEqual(['Cameras']);
    expect(answerLocally(answered, 'a', null).missingRequired).toEqual([
      'Cameras mounted',
      'Cameras',
    ]);
  });

  it('stores the answer as the server does, and refuses what the server would', () => {
    expect(storedAnswer(checklist, 'a', 'Yes')).toBe('yes');
    expect(storedAnswer(checklist, 'b', ' 4 ')).toBe('4');
    expect(storedAnswer(checklist, 'b', '')).toBeNull();
    expect(() => storedAnswer(checklist, 'b', 'four')).toThrow(CHECKLIST_MESSAGES.answerNumber);
  });

  it('is listed under Waiting to sync by its item and answer', () => {
    expect(queuedAnswerLabel(checklist, 'a', 'yes')).toBe('Checklist: Cameras mounted: Yes');
    expect(queuedAnswerLabel(checklist, 'b', null)).toBe('Checklist: Cameras cleared');
  });
});
