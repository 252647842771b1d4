import { useMemo } from 'react';
import { combineLatest, map, of, type Observable } from 'rxjs';
import { orderCommandEntity } from '../../../schema/entities/order-command';
import { task } from '../../../schema/entities/task';
import type { LocalData } from '../../data/database';
import { officeInSyncAt$, waitsToBeSent } from '../../data/sync/in-sync-mark';
import { useLocalIfOpen } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';

/** What this device holds that has not reached the server (issue 18, item 10): shown on the staff shell. */
interface WaitingChanges {
  /** Site orders in the outbox, not yet accepted. */
  orders: number;
  /** This person's order commands (phone orders, statuses, payments, …) without the server's answer. */
  commands: number;
  /** Tasks this person changed since the office was last in sync. */
  tasks: number;
}

export const waitingTotal = (w: WaitingChanges): number => w.orders + w.commands + w.tasks;

/** «Ждут отправки: 3», and what they are. */
export const waitingLabel = (w: WaitingChanges): { text: string; detail: string } => ({
  text: `Ждут отправки: ${waitingTotal(w)}`,
  detail: [
    w.orders ? `заказы с сайта: ${w.orders}` : '',
    w.commands ? `действия по заказам: ${w.commands}` : '',
    w.tasks ? `задачи: ${w.tasks}` : '',
  ]
    .filter(Boolean)
    .join(', '),
});

/** The counts, live, for this person on this device. */
export const waitingChanges$ = (shop: LocalData['shop'], me: string): Observable<WaitingChanges> =>
  combineLatest([
    shop.pendingOrders.find().$.pipe(map((docs) => docs.filter((d) => !d.number && !d.error).length)),
    shop.office.find({ selector: { type: orderCommandEntity.type, createdBy: me, 'data.outcome': { $exists: false } } }).$.pipe(map((docs) => docs.length)),
    combineLatest([shop.office.find({ selector: { type: task.type, updatedBy: me } }).$, officeInSyncAt$]).pipe(
      map(([docs, inSyncAt]) => docs.filter((d) => waitsToBeSent(d, me, inSyncAt)).length),
    ),
  ]).pipe(map(([orders, commands, tasks]) => ({ orders, commands, tasks })));

const none: WaitingChanges = { orders: 0, commands: 0, tasks: 0 };

/** What waits to be sent; nothing while the device's store is still opening (the shell is drawn before it). */
export const useWaitingChanges = (me: string | undefined): WaitingChanges => {
  const data = useLocalIfOpen()?.data;
  const changes$ = useMemo(() => (data ? waitingChanges$(data.shop, me ?? '') : of(none)), [data, me]);
  return useObservable(changes$, none);
};
