import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { charge } from '../../../schema/entities/charge';
import { shift, shiftId, typedCount, type ShiftClose } from '../../../schema/entities/shift';
import type { Order } from '../../../schema/order';
import { recordData, type OfficeRecord } from '../../../schema/record';
import { shiftTakings, type ShiftTakings, type TillCharge } from '../../../schema/shift-takings';
import { saveOfficeRecord } from '../../data/records';

/** A cash charge of the day as the close shows it, with the record it came from. */
export interface DayCharge extends TillCharge {
  id: string;
  category: string;
  note: string;
}

/** The day's charges on the device (made offline too), live. */
export const useDayCharges = (office: RxCollection<OfficeRecord>, day: string): DayCharge[] => {
  const [charges, setCharges] = useState<DayCharge[]>([]);
  useEffect(() => {
    const sub = office.find({ selector: { type: charge.type, day } }).$.subscribe((docs) =>
      setCharges(
        docs
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

/** The day's close as the device holds it (this device's or one pulled from the server), live; null when the day is open. */
export const useShiftClose = (office: RxCollection<OfficeRecord>, day: string): OfficeRecord | null | undefined => {
  const [record, setRecord] = useState<OfficeRecord | null | undefined>(undefined);
  useEffect(() => {
    const sub = office.findOne(shiftId(day)).$.subscribe((d) => setRecord(d ? d.toMutableJSON() : null));
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

export type CloseResult = { ok: true; record: OfficeRecord } | { ok: false; errors: Partial<Record<keyof CloseInput, string>> };

/**
 * Closes the day's shift on the device: the counts as typed, the takings the device computed and the day's cash
 * charges become one `shift` record under `shift-{day}`, written to the office collection (offline too) and carried
 * to the server by the office replication, once. Nothing is written while a count does not parse, the difference is
 * not explained, or the day is already closed.
 */
export const recordFullClose = async (
  office: RxCollection<OfficeRecord>,
  author: string,
  input: CloseInput,
  takings: ShiftTakings,
  charges: readonly DayCharge[],
): Promise<CloseResult> => {
  const errors: Partial<Record<keyof CloseInput, string>> = {};
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
  };
  const parsed = shift.fields.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'note' ? 'note' : issue.path[0] === 'day' ? 'day' : 'cash';
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  if (await office.findOne(shiftId(input.day)).exec()) return { ok: false, errors: { day: 'Смена за этот день уже закрыта' } };
  const id = await saveOfficeRecord(office, shift, author, parsed.data, shiftId(input.day));
  const record = await office.findOne(id).exec();
  if (!record) throw new Error('Ошибка сохранения данных');
  return { ok: true, record: record.toMutableJSON() };
};
