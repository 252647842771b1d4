import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { charge } from '../../../../schema/entities/charge';
import { dayClosedTwice, shift, shiftId, typedCount, type ShiftClose } from '../../../../schema/entities/shift';
import type { Order } from '../../../../schema/studio/orders/order';
import { officeRecord, recordData, type OfficeRecord } from '../../../../schema/shared/record';
import { shiftTakings, type ShiftTakings, type TillCharge } from '../../../../schema/studio/money/shift-takings';
import { voidFact } from '../../../../schema/entities/void';
import { dayCloses, unvoided, voidedIds } from '../../../../schema/shared/voids';
import { saveOfficeRecord } from '../../../data/records';
import { rejections$ } from '../../../data/sync/rejections';
import { ApiError } from '../../../lib/api';
import { recordCall } from '../../../lib/record-call';

/** A cash charge of the day as the close shows it, with the record it came from. */
export interface DayCharge extends TillCharge {
  id: string;
  category: string;
  note: string;
}

/** The day's charges on the device (made offline too), not voided, live. */
export const useDayCharges = (office: RxCollection<OfficeRecord>, day: string): DayCharge[] => {
  const [charges, setCharges] = useState<DayCharge[]>([]);
  useEffect(() => {
    const sub = office.find({ selector: { $or: [{ type: charge.type, day }, { type: voidFact.type }] } }).$.subscribe((docs) =>
      setCharges(
        unvoided(
          docs.filter((d) => d.type === charge.type),
          voidedIds(docs),
        )
          .sort((a, b) => a.createdAt - b.createdAt)
          .flatMap((d) => {
            const data = recordData(charge, d);
            return data ? [{ id: d.id, ...data }] : [];
          }),
      ),
    );
    return () => sub.unsubscribe();
  }, [office, day]);
  return charges;
};

/** What the day's orders and counter sales brought and the cash charges moved, from the device's copies, live. */
export const useShiftTakings = (orders: RxCollection<Order>, charges: readonly TillCharge[], day: string, opening: number): ShiftTakings => {
  const [all, setAll] = useState<Order[]>([]);
  useEffect(() => {
    // Paid on the day, whatever day it is delivered: the studio's copies are few (a week and what is ahead).
    const sub = orders.find().$.subscribe((docs) => setAll(docs.map((d) => d.toMutableJSON())));
    return () => sub.unsubscribe();
  }, [orders]);
  return shiftTakings(day, all, charges, opening);
};

/** The day's closes and the voids on the device: the close not voided, and the round the next close takes. */
const dayClosesOn = async (office: RxCollection<OfficeRecord>, day: string) => {
  const docs = await office.find({ selector: { $or: [{ type: shift.type, day }, { type: voidFact.type }] } }).exec();
  return dayCloses(day, docs.filter((d) => d.type === shift.type), voidedIds(docs));
};

/**
 * The day's close as the device holds it (this device's or one pulled from the server), live; null when the day is
 * open, or its close was voided (schema/entities/void.ts).
 */
export const useShiftClose = (office: RxCollection<OfficeRecord>, day: string): OfficeRecord | null | undefined => {
  const [record, setRecord] = useState<OfficeRecord | null | undefined>(undefined);
  useEffect(() => {
    const sub = office.find({ selector: { $or: [{ type: shift.type, day }, { type: voidFact.type }] } }).$.subscribe((docs) => {
      const { live } = dayCloses(day, docs.filter((d) => d.type === shift.type), voidedIds(docs));
      setRecord(live ? live.toMutableJSON() : null);
    });
    return () => sub.unsubscribe();
  }, [office, day]);
  return record;
};

export interface CloseInput {
  day: string;
  opening: string;
  cash: string;
  card: string;
  note: string;
}

const closeFields = ['day', 'opening', 'cash', 'card', 'note'] as const satisfies readonly (keyof CloseInput)[];

/** Where each typed field of the close stands in the shift's data, so the server's issues land beside it. */
export const closeFieldPaths: Record<keyof CloseInput, string> = { day: 'day', opening: 'opening', cash: 'counted.cash', card: 'counted.card', note: 'note' };

/** The typed field an issue of the shift's data belongs to; what was not typed (the takings) goes under the counts. */
const closeFieldOf = (path: readonly PropertyKey[]): keyof CloseInput => {
  const at = path.map(String).join('.');
  return closeFields.find((f) => closeFieldPaths[f] === at || at.startsWith(`${closeFieldPaths[f]}.`)) ?? 'cash';
};

type CloseErrors = Partial<Record<keyof CloseInput, string>>;

/** The close's own errors by the paths the server's issues use (useFormAction's errors). */
export const closeErrorsByPath = (errors: CloseErrors): Record<string, string> =>
  Object.fromEntries(closeFields.flatMap((f) => (errors[f] ? [[closeFieldPaths[f], errors[f]]] : [])));

/** `sent`: the server holds it already; otherwise it waits on the device for the office replication. */
export type CloseResult = { ok: true; record: OfficeRecord; sent: boolean } | { ok: false; errors: CloseErrors };

/** Sends the close to the server now, through the record API; the default, replaced in tests. */
const sendNow = async (data: ShiftClose): Promise<OfficeRecord> => officeRecord.parse((await recordCall(shift, 'update', { data })).data);

/**
 * Closes the day's shift: the counts as typed, the takings the device computed and the day's cash charges become one
 * `shift` record under `shift-{day}` (`shift-{day}-2` after a voided close, and so on). Online it goes to the server at once, as the quick close does, and a refusal
 * (4xx: the day closed on another device, a count the server does not take, a role that may not) is thrown as the
 * server's ApiError, its Russian reason and issues, with nothing kept. Without a network, or with the server out of
 * reach, it is written to the office collection and carried to the server by the office replication, once; a refusal
 * then comes back through the sync (useCloseRefusal). Nothing is written while a count does not parse, the difference
 * is not explained, or the device already holds the day's close.
 */
export const recordFullClose = async (
  office: RxCollection<OfficeRecord>,
  author: string,
  input: CloseInput,
  takings: ShiftTakings,
  charges: readonly DayCharge[],
  send: (data: ShiftClose) => Promise<OfficeRecord> = sendNow,
): Promise<CloseResult> => {
  const errors: CloseErrors = {};
  const count = (field: 'opening' | 'cash' | 'card', text: string) => {
    const parsed = typedCount.safeParse(field === 'opening' && !text.trim() ? '0' : text);
    if (parsed.success) return parsed.data;
    errors[field] = parsed.error.issues[0]?.message ?? 'Пересчёт — целое число рублей';
    return 0;
  };
  const opening = count('opening', input.opening);
  const cash = count('cash', input.cash);
  const card = count('card', input.card);
  if (Object.keys(errors).length) return { ok: false, errors };
  const cashMoves = charges.filter((c) => c.method === 'cash').map((c) => ({ direction: c.direction, category: c.category, amount: c.amount, note: c.note }));
  const data: ShiftClose = {
    day: input.day,
    opening,
    takings: takings.byMethod,
    orders: takings.orders,
    counterSales: takings.counterSales,
    cashIn: takings.cashIn,
    cashOut: takings.cashOut,
    expectedCash: opening + takings.byMethod.cash + takings.cashIn - takings.cashOut,
    expectedCard: takings.expectedCard,
    counted: { cash, card },
    cashMoves,
    note: input.note.trim(),
    round: 1,
  };
  const parsed = shift.fields.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[closeFieldOf(issue.path)] ??= issue.message;
    return { ok: false, errors };
  }
  const { live, next } = await dayClosesOn(office, input.day);
  if (live) return { ok: false, errors: { day: dayClosedTwice } };
  parsed.data.round = next;
  if (globalThis.navigator?.onLine !== false) {
    try {
      return { ok: true, record: await send(parsed.data), sent: true };
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) throw e;
    }
  }
  const id = await saveOfficeRecord(office, shift, author, parsed.data, shiftId(input.day, next));
  const record = await office.findOne(id).exec();
  if (!record) throw new Error('Ошибка сохранения данных');
  return { ok: true, record: record.toMutableJSON(), sent: false };
};

/**
 * Tells `onRefused` why the server refused a close this device recorded offline, once the office replication has
 * pushed it (the gateway answers a refused document as a conflict with its reason, client/data/sync/rejections.ts).
 * Only while `waiting` (a close kept on the device): a close the server took at once has nothing to wait for.
 */
export const useCloseRefusal = (day: string, waiting: boolean, onRefused: (reason: string) => void): void => {
  useEffect(() => {
    if (!waiting) return;
    const sub = rejections$.subscribe((r) => {
      if (r.db === 'office' && (r.id === shiftId(day) || r.id.startsWith(`${shiftId(day)}-`))) onRefused(r.reason);
    });
    return () => sub.unsubscribe();
  }, [day, waiting, onRefused]);
};
