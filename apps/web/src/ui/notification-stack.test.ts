import { describe, expect, it } from 'vitest';
import type { Notification } from './notification-context';
import { MAX_NOTIFICATIONS, raiseNotification } from './notification-provider';

function raiseAll(messages: string[]): Notification[] {
  let id = 0;
  return messages.reduce<Notification[]>(
    (stack, message, index) => raiseNotification(stack, 'success', message, () => ++id, index),
    [],
  );
}

describe('the notice stack (issue 15: notices never pile over the page)', () => {
  it('collapses repeats into one notice with a count, restarting its time', () => {
    const stack = raiseAll([
      'Stock added successfully',
      'Stock added successfully',
      'Stock added successfully',
    ]);
    expect(stack).toEqual([
      { id: 1, type: 'success', message: 'Stock added successfully', count: 3, raisedAt: 2 },
    ]);
  });

  it('keeps an error and a success of the same words apart', () => {
    let id = 0;
    const one = raiseNotification([], 'success', 'Saved', () => ++id, 0);
    expect(raiseNotification(one, 'error', 'Saved', () => ++id, 1)).toHaveLength(2);
  });

  it(`shows at most ${MAX_NOTIFICATIONS}, dropping the oldest`, () => {
    const stack = raiseAll(['a', 'b', 'c', 'd', 'e']);
    expect(stack.map((n) => n.message)).toEqual(['c', 'd', 'e']);
  });
});
