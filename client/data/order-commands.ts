import { useEffect, useState } from 'react';
import type { RxCollection, RxDocument } from 'rxdb';
import { filter, map, type Observable } from 'rxjs';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { createCommandId, orderCommand, reservedIdIssue, type OrderAction } from '../../schema/studio/orders/order-command';
import { derivedFields, officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { randomId } from '../lib/random-id';

/**
 * The device side of order commands (issue 10): every staff action on an order is an `orderCommand` record written
 * into the office collection, here, offline too. The office replication pushes it when there is a network; the
 * server applies it once (the id is the key) and writes its `outcome`, which comes back with the pull.
 *
 *   await sendOrderCommand(office, me.phone, order.id, { kind: 'status', from: 'new', to: 'confirmed' });
 *   const commands = useOrderCommands(office, order.id); // pending, applied, refused (with the reason)
 */

/** A command as the order page shows it: waiting for the server, applied, or refused with the server's reason. */
type CommandState =
  | { state: 'pending' }
  | { state: 'applied'; at: number; note?: string }
  | { state: 'refused'; at: number; status: number; reason: string };

export type OrderCommandView = CommandState & {
  id: string;
  order: string;
  action: OrderAction;
  by: string;
  createdAt: number;
};

/** A random id the server does not keep for itself (`reservedIdIssue`: one in millions would start like its own). */
const unreservedId = (action: OrderAction): string => {
  for (;;) {
    const id = randomId(16);
    if (!reservedIdIssue({ id, action })) return id;
  }
};

/** A new command's id: a create's is its order's (`createCommandId`), any other a random one the server does not keep. */
export const newCommandId = (order: string, action: OrderAction): string => (action.kind === 'create' ? createCommandId(order) : unreservedId(action));

/**
 * A command's record as the device writes it (`sendOrderCommand`; `writePayment` writes a payment's beside its print).
 * `author` is the signed-in staff phone: the server checks it against the session when the record is pushed.
 * A command made while an earlier one on the same order still waits names it (`follows`) and is made later than it,
 * so the server applies the steps as they were made, however the pushes land.
 */
export const commandRecord = async (office: RxCollection<OfficeRecord>, author: string, order: string, action: OrderAction, id = newCommandId(order, action)): Promise<OfficeRecord> => {
  const command = orderCommand.parse({ id, order, action });
  const before = await lastPending(office, command.order);
  const data = orderCommandEntity.fields.parse({ order: command.order, action: command.action, ...(before ? { follows: before.id } : {}) });
  const now = Math.max(Date.now(), (before?.createdAt ?? 0) + 1);
  return officeRecord.parse({ id: command.id, type: orderCommandEntity.type, ...derivedFields(orderCommandEntity, data), createdBy: author, createdAt: now, updatedBy: author, updatedAt: now, data });
};

/** Writes a command on the device and answers its id (made here, so a retry is the same command). */
export const sendOrderCommand = async (
  office: RxCollection<OfficeRecord>,
  author: string,
  order: string,
  action: OrderAction,
  id = newCommandId(order, action),
): Promise<string> => {
  const record = await commandRecord(office, author, order, action, id);
  await office.insert(record);
  return record.id;
};

/** A stored record read as a command; null when it is not one (another type, or data this build cannot read). */
export const commandView = (record: OfficeRecord): OrderCommandView | null => {
  if (record.type !== orderCommandEntity.type) return null;
  const data = recordData(orderCommandEntity, record);
  if (!data) return null;
  const base = { id: record.id, order: data.order, action: data.action, by: record.createdBy, createdAt: record.createdAt };
  const o = data.outcome;
  if (!o) return { ...base, state: 'pending' };
  return o.ok ? { ...base, state: 'applied', at: o.at, ...(o.note ? { note: o.note } : {}) } : { ...base, state: 'refused', at: o.at, status: o.status, reason: o.reason };
};

/** One order's commands, oldest first. */
const orderQuery = (office: RxCollection<OfficeRecord>, order: string) => office.find({ selector: { type: orderCommandEntity.type, 'data.order': order } });
const viewsOf = (docs: RxDocument<OfficeRecord>[], order: string): OrderCommandView[] =>
  docs
    .map((d) => commandView(d.toMutableJSON()))
    .filter((c): c is OrderCommandView => c !== null && c.order === order)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));

/** One order's commands, oldest first, live: a pushed command's outcome shows as soon as it is pulled. */
export const orderCommands$ = (office: RxCollection<OfficeRecord>, order: string): Observable<OrderCommandView[]> =>
  orderQuery(office, order).$.pipe(map((docs) => viewsOf(docs, order)));

/** The same, for a screen; null until the first read. */
export const useOrderCommands = (office: RxCollection<OfficeRecord> | null, order: string): OrderCommandView[] | null => {
  const [commands, setCommands] = useState<{ order: string; list: OrderCommandView[] } | null>(null);
  useEffect(() => {
    // null until the device's store has opened (a screen drawn from the server's copy first).
    if (!office) return;
    const sub = orderCommands$(office, order).subscribe((list) => setCommands({ order, list }));
    return () => sub.unsubscribe();
  }, [office, order]);
  return commands?.order === order ? commands.list : null;
};

/** Commands still waiting for the server's answer. */
export const pendingCommands = (commands: readonly OrderCommandView[]): OrderCommandView[] => commands.filter((c) => c.state === 'pending');

/** The newest command on this order the device still waits on the server for: the one a new command follows. */
const lastPending = async (office: RxCollection<OfficeRecord>, order: string): Promise<OrderCommandView | undefined> =>
  pendingCommands(viewsOf(await orderQuery(office, order).exec(), order)).at(-1);

/** Refusals to show on the order: the newest first. */
export const refusedCommands = (commands: readonly OrderCommandView[]): (OrderCommandView & { state: 'refused' })[] =>
  commands.filter((c): c is OrderCommandView & { state: 'refused' } => c.state === 'refused').reverse();

/**
 * This user's commands at the moment the server's refusal reaches the device (issue 18, item 11): the record held no
 * outcome and now holds a refusal. Shown wherever the user is, as a lost task edit is; every tab sees the change itself.
 */
export const refusalsOf$ = (office: RxCollection<OfficeRecord>, me: () => string | null): Observable<OrderCommandView & { state: 'refused' }> =>
  office.$.pipe(
    map((change) => {
      const before = change.previousDocumentData;
      const after = change.documentData;
      if (!before || !after || after.createdBy !== me()) return null;
      const was = commandView(before);
      const now = commandView(after);
      return was?.state === 'pending' && now?.state === 'refused' ? now : null;
    }),
    filter((c): c is OrderCommandView & { state: 'refused' } => c !== null),
  );
