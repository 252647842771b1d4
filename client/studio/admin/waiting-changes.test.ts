import { describe, expect, it } from 'vitest';
import { waitsToBeSent } from '../../data/sync/in-sync-mark';
import { waitingLabel, waitingTotal } from './waiting-changes';

describe('changes waiting to be sent', () => {
  it('are this person’s changes made after the office was last in sync', () => {
    const me = '79000000003';
    expect(waitsToBeSent({ updatedBy: me, updatedAt: 200 }, me, 100)).toBe(true);
    expect(waitsToBeSent({ updatedBy: me, updatedAt: 100 }, me, 100)).toBe(false);
    expect(waitsToBeSent({ updatedBy: '79000000002', updatedAt: 200 }, me, 100)).toBe(false);
  });

  it('are counted together on the staff shell, and said what they are', () => {
    const w = { orders: 0, commands: 2, tasks: 1 };
    expect(waitingTotal(w)).toBe(3);
    expect(waitingLabel(w)).toEqual({ text: 'Ждут отправки: 3', detail: 'действия по заказам: 2, задачи: 1' });
  });
});
