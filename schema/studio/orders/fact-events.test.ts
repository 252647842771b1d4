import { describe, expect, it } from 'vitest';
import { invoice } from '../../entities/invoice';
import { shift } from '../../entities/shift';
import { slip } from '../../entities/slip';
import { supplierPayment } from '../../entities/supplier-payment';
import { voidFact } from '../../entities/void';
import type { AnyEntity } from '../../entities';
import type { OfficeRecord } from '../../shared/record';
import { mayChangeEvent } from './event';
import { factEvents } from './fact-events';
import { user } from '../../shared/user';

const rec = (entity: AnyEntity, id: string, data: Record<string, unknown>): OfficeRecord => ({
  id, type: entity.type, v: entity.version, title: id, createdBy: '79000000002', createdAt: 1, updatedBy: '79000000002', updatedAt: 1, data,
});

const supply = rec(invoice, 'invoice-00000001', { number: '17', supplierName: 'Флора', day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose', qty: 50, price: 95.5 }], paid: 0, status: 'posted', kind: 'supply', note: '' });
const draft = rec(invoice, 'invoice-00000002', { ...supply.data, status: 'draft' });
const writeOff = rec(slip, 'slip-000000000001', { day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose', qty: 5, reason: 'wilted', cost: 95.5 }], order: '', note: 'Увяли' });
const assembly = rec(slip, 'asm-order-0000001', { day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose', qty: 15, reason: 'assembly', cost: 90 }], order: 'order-0000001', note: '' });
const returned = rec(invoice, 'invoice-00000003', { ...supply.data, number: '18', kind: 'return', lines: [{ flower: 'flower-rose', qty: 10, price: 95.5 }], note: 'Брак' });
const paid = rec(supplierPayment, 'supplierPayment-00000001', { invoice: supply.id, day: '2026-11-26', amount: 4000, method: 'transfer', note: 'Платёжка 112' });
const close = rec(shift, 'shift-2026-11-25', {
  day: '2026-11-25', opening: 2000, takings: { cash: 12500, card: 30400, transfer: 0, online: 5600 }, orders: 9, counterSales: 4, cashIn: 0, cashOut: 3500,
  expectedCash: 11000, expectedCard: 30400, counted: { cash: 11000, card: 30400 }, cashMoves: [{ direction: 'out', category: 'market', amount: 3500, note: '' }], note: '',
});

describe('the calendar’s entries made from the books (issue 29, item 4)', () => {
  it('a posted supply is a «Закупка», a write-off and a shift close are events of their day, with their sums', () => {
    const events = factEvents([supply, draft, writeOff, assembly, close]);
    expect(events.map((e) => [e.type, e.title, e.day, e.sum])).toEqual([
      ['supply', 'Закупка: накладная № 17, Флора', '2026-11-25', 4775],
      ['event', 'Списание', '2026-11-25', 478],
      ['event', 'Закрытие смены', '2026-11-25', 48500],
    ]);
    // Nobody edits or deletes them as events: they are the books'.
    expect(events.every((e) => !mayChangeEvent(user.parse({ phone: '79000000001', name: 'А', roles: ['admin'], isAdmin: true }), e))).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
  });

  it('a posted return to a supplier and a payment to one are events of their day, with their sums', () => {
    expect(factEvents([returned, { ...returned, id: 'invoice-00000004', data: { ...returned.data, status: 'draft' } }, paid]).map((e) => [e.type, e.title, e.description, e.day, e.sum])).toEqual([
      ['event', 'Возврат поставщику: накладная № 18, Флора', '1 строка, Брак', '2026-11-25', 955],
      ['event', 'Оплата поставщику', 'Перевод, Платёжка 112', '2026-11-26', 4000],
    ]);
  });

  it('leaves out a voided fact, and days outside the month asked', () => {
    const voided = rec(voidFact, 'void-slip-000000000001', { target: writeOff.id, targetType: 'slip', reason: 'Списали дважды' });
    expect(factEvents([supply, writeOff, voided]).map((e) => e.type)).toEqual(['supply']);
    expect(factEvents([supply, writeOff, close], { month: 12, year: 2026 })).toEqual([]);
    expect(factEvents([supply], { month: 11, year: 2026 })).toHaveLength(1);
  });
});
