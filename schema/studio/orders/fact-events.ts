import { invoice, invoiceTotal } from '../../entities/invoice';
import { shift } from '../../entities/shift';
import { supplierPayment } from '../../entities/supplier-payment';
import { assemblyReason, slip } from '../../entities/slip';
import { voidFact } from '../../entities/void';
import { derivedId } from '../../shared/derived-id';
import { recordData, type OfficeRecord } from '../../shared/record';
import { voidedIds } from '../../shared/voids';
import { paymentMethods } from './order';
import { countOf } from '../../shared/plural';

const lineWords = ['строка', 'строки', 'строк'] as const;
import { monthRange, shiftCloseTitle, type EventsMonth, type ShopEvent } from './event';

/**
 * The calendar's entries the books already hold (issue 29, item 4; DECISIONS «The whole day in the calendar»): a
 * posted supply invoice is a «Закупка», a write-off act a «Событие» titled «Списание», a full shift close a «Событие»
 * titled «Закрытие смены» (spec §3's types and the quick close's title), a posted return to a supplier and a payment to
 * one «Событие»s titled so, each on its record's day. Made from the office
 * records wherever they are read (a device offline holds them), never stored: a fact is typed once, and a voided one
 * leaves the calendar as it leaves every other reader. Counter sales are their order's own event («Продажа», written
 * with the order: server/orders/spread.ts). An assembly's act is an order's stems, not a write-off: left out.
 */
export const factEventTypes: readonly string[] = [invoice.type, slip.type, shift.type, supplierPayment.type];

/** The office entity types the calendar reads to make its entries (the facts, and the voids that strike them out). */
export const calendarFactTypes: readonly string[] = [...factEventTypes, voidFact.type];

const sumOf = (n: number) => Math.max(0, Math.min(10_000_000, Math.round(n)));

const entry = (r: OfficeRecord, day: string, type: ShopEvent['type'], title: string, description: string, sum: number): ShopEvent => ({
  id: derivedId('fact-', r.id),
  // 'shop': the server's own, so nobody edits or deletes it as an event (schema/studio/orders/event.ts `serverOwnedEvent`).
  source: 'shop',
  title,
  description,
  day,
  type,
  sum: sumOf(sum),
  data: { fact: r.type, record: r.id },
  meta: { author: r.createdBy, createdAt: r.createdAt },
});

const eventOfFact = (r: OfficeRecord): ShopEvent | null => {
  if (r.type === invoice.type) {
    const i = recordData(invoice, r);
    if (!i || i.status !== 'posted') return null;
    const named = [i.number ? `накладная № ${i.number}` : 'накладная', i.supplierName].filter(Boolean).join(', ');
    return i.kind === 'supply'
      ? entry(r, i.day, 'supply', `Закупка: ${named}`, countOf(i.lines.length, lineWords), invoiceTotal(i.lines))
      : entry(r, i.day, 'event', `Возврат поставщику: ${named}`, [countOf(i.lines.length, lineWords), i.note].filter(Boolean).join(', '), invoiceTotal(i.lines));
  }
  if (r.type === slip.type) {
    const s = recordData(slip, r);
    if (!s || s.order || s.lines.every((l) => l.reason === assemblyReason)) return null;
    const stems = s.lines.reduce((n, l) => n + l.qty, 0);
    return entry(r, s.day, 'event', 'Списание', [`${stems} шт.`, s.note].filter(Boolean).join(', '), s.lines.reduce((sum, l) => sum + l.qty * l.cost, 0));
  }
  if (r.type === supplierPayment.type) {
    const p = recordData(supplierPayment, r);
    if (!p) return null;
    const method = paymentMethods.find((m) => m.id === p.method)?.label;
    return entry(r, p.day, 'event', 'Оплата поставщику', [method, p.note].filter(Boolean).join(', '), p.amount);
  }
  if (r.type === shift.type) {
    const c = recordData(shift, r);
    if (!c) return null;
    return entry(r, c.day, 'event', shiftCloseTitle, `Заказов оплачено: ${c.orders}, из них продаж в студии: ${c.counterSales}`, Object.values(c.takings).reduce((a, b) => a + b, 0));
  }
  return null;
};

/** The calendar's entries made from these office records (of any types: the others are skipped), in `month` if given. */
export const factEvents = (records: readonly OfficeRecord[], month?: EventsMonth): ShopEvent[] => {
  const voided = voidedIds(records);
  const range = month && monthRange(month);
  return records.flatMap((r) => {
    if (!factEventTypes.includes(r.type) || voided.has(r.id)) return [];
    const e = eventOfFact(r);
    return e && (!range || (e.day >= range.first && e.day <= range.last)) ? [e] : [];
  });
};
