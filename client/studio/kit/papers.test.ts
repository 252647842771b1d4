import { describe, expect, it } from 'vitest';
import { invoice, invoiceTotal } from '../../../schema/entities/invoice';
import { shift } from '../../../schema/entities/shift';
import { slip } from '../../../schema/entities/slip';
import type { Order } from '../../../schema/studio/orders/order';
import { paperMoney } from '../../ui/printed-paper';
import { couriersDay, type DayCourier } from '../orders/couriers-day/courier-day';
import { routePaper } from '../orders/couriers-day/route-paper';
import { differenceText, invoicePaper, receiptPaper, shiftPaper, slipPaper, voidedPaper, type StockItem } from './papers';

/** Spaces as Intl writes them (no-break and narrow no-break) read as plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const totals = (p: { totals: { label: string; value: string }[] }) => Object.fromEntries(p.totals.map((t) => [t.label, plain(t.value)]));

const items = new Map<string, StockItem>([
  ['fl-rose', { title: 'Роза Explorer красная 60 см', unit: 'pcs' }],
  ['fl-ribbon', { title: 'Лента атласная', unit: 'm' }],
]);

describe('a paper’s sums', () => {
  it('are written in roubles by ru-RU, with two digits of kopecks only where there are any', () => {
    expect(plain(paperMoney(1234))).toBe('1 234 ₽');
    expect(plain(paperMoney(1234.5))).toBe('1 234,50 ₽');
    expect(plain(paperMoney(0.1 + 0.2))).toBe('0,30 ₽');
  });
});

describe('the supply invoice', () => {
  const supply = invoice.fields.parse({
    number: '17', supplierName: 'База «Флора»', day: '2026-11-25', warehouse: 'wh-cold', status: 'posted', paid: 1000,
    lines: [{ flower: 'fl-rose', qty: 50, price: 95.5 }, { flower: 'fl-ribbon', qty: 2.5, unit: 'm', price: 40.1 }, { flower: 'fl-gone', qty: 3, price: 10 }],
  });

  it('lists each line with its sum, totals by invoiceTotal and says what is left to pay', () => {
    const paper = invoicePaper(supply, items, 'Холодильник');
    expect(paper).toMatchObject({ title: 'Приходная накладная', number: '17', day: '2026-11-25', signatures: ['Сдал (поставщик)', 'Принял'] });
    expect(paper.tables[0].rows.map((r) => r.map(plain))).toEqual([
      ['1', 'Роза Explorer красная 60 см', 'шт.', '50', '95,50 ₽', '4 775 ₽'],
      ['2', 'Лента атласная', 'м', '2,5', '40,10 ₽', '100,25 ₽'],
      // A flower the device no longer knows is still printed, by its id.
      ['3', 'fl-gone', 'шт.', '3', '10 ₽', '30 ₽'],
    ]);
    expect(invoiceTotal(supply.lines)).toBe(4905.25);
    expect(totals(paper)).toEqual({ 'Итого, позиций 3': '4 905,25 ₽', Оплачено: '1 000 ₽', 'К оплате': '3 905,25 ₽' });
    expect(paper.parties).toContainEqual({ label: 'Поставщик', value: 'База «Флора»' });
  });

  it('of a return owes nothing and is signed by the supplier as received', () => {
    const paper = invoicePaper({ ...supply, kind: 'return' }, items, 'Холодильник');
    expect(paper.title).toBe('Накладная на возврат поставщику');
    expect(Object.keys(totals(paper))).toEqual(['Итого, позиций 3']);
    expect(paper.signatures).toEqual(['Сдал', 'Принял (поставщик)']);
  });

  it('of a voided invoice is the same paper stamped with the void’s reason; one not voided bears no stamp', () => {
    const paper = invoicePaper(supply, items, 'Холодильник');
    expect(voidedPaper(paper, undefined)).toBe(paper);
    expect(voidedPaper(paper, { id: 'void-invoice-0001', by: '79990000000', at: 0, reason: 'Накладную провели дважды' })).toEqual({ ...paper, voided: 'Накладную провели дважды' });
  });
});

describe('the write-off act', () => {
  it('prices each line at the purchase price of the act’s day, not the cost the device wrote on it, and totals the loss', () => {
    const act = slip.fields.parse({ day: '2026-11-25', warehouse: 'wh-cold', lines: [{ flower: 'fl-rose', qty: 5, reason: 'wilted', cost: 10_000_000 }, { flower: 'fl-ribbon', qty: 1.5, reason: 'broken' }] });
    const prices = new Map([['fl-rose', [{ day: '2026-11-20', average: 95.5 }, { day: '2026-11-26', average: 300 }]], ['fl-ribbon', [{ day: '2026-11-20', average: 40 }]]]);
    const paper = slipPaper(act, '', items, 'Холодильник', (code) => ({ wilted: 'Завял', broken: 'Брак' })[code] ?? code, prices);
    expect(paper.tables[0].rows.map((r) => r.map(plain))).toEqual([
      ['1', 'Роза Explorer красная 60 см', 'шт.', '5', 'Завял', '95,50 ₽', '477,50 ₽'],
      ['2', 'Лента атласная', 'м', '1,5', 'Брак', '40 ₽', '60 ₽'],
    ]);
    expect(totals(paper)).toEqual({ 'Итого списано, позиций 2': '537,50 ₽' });
  });
});

describe('the shift report', () => {
  it('sums the day’s takings and writes the till’s difference', () => {
    const s = shift.fields.parse({
      day: '2026-11-25', opening: 5000, takings: { cash: 7000, card: 12000, transfer: 1500, online: 3000 }, orders: 6, counterSales: 2,
      cashIn: 1000, cashOut: 500, expectedCash: 12500, expectedCard: 12000, counted: { cash: 12400, card: 12000 },
      cashMoves: [{ direction: 'out', category: 'rent', amount: 500, note: 'аренда' }, { direction: 'in', category: 'change', amount: 1000 }], note: 'недостача',
    });
    const paper = shiftPaper(s, 'Ольга Флористова', '25 ноября, 21:05', (c) => c);
    expect(totals(paper)).toEqual({ 'Выручка за смену': '23 500 ₽', 'В кассе пересчитано': '12 400 ₽' });
    expect(paper.tables.map((t) => t.caption)).toEqual(['Выручка по способам оплаты', 'Наличные', 'Карта', 'Движения наличных']);
    expect(paper.tables[1].rows.at(-1)!.map(plain)).toEqual(['Расхождение', '−100 ₽']);
    expect(paper.tables[2].rows.at(-1)).toEqual(['Расхождение', 'сходится']);
    expect(plain(differenceText(250))).toBe('+250 ₽');
    expect(paper.notes).toEqual(['Объяснение расхождения: недостача']);
  });
});

const order = (part: Partial<Order> = {}): Order => ({
  id: 'order-1042-0123456789', number: 1042, customer: '79160000000', deliveryPrice: 500, total: 8500, status: 'confirmed',
  lines: [
    { id: 'p1', art: 'B-1', name: 'Букет «Нежность»', image: '', count: 2, price: 3000, priceFactor: 1, sum: 6000 },
    { id: 'p2', art: 'L-1', name: 'Буква', image: '', count: 1, letterSize: 'L', price: 1500, priceFactor: 1.3, sum: 2000 },
  ],
  // 22:30 in UTC is 01:30 of the next day in Moscow: the receipt is dated by the shop's day.
  createdAt: Date.parse('2026-11-24T22:30:00Z'), updatedAt: 1, sender: { name: 'Ольга', phone: '79160000000' }, recipient: { name: 'Мама', phone: '79030000000' },
  delivery: { method: 'courier', address: 'ул. Тверская, 1' }, date: '2026-11-26', slot: '12:00–15:00', postcard: '', anonymous: false, comment: '', payment: 'cash',
  ...part,
});

describe('the order’s receipt', () => {
  it('lists the bouquets at their accepted prices and the delivery, dated the Moscow day it was taken', () => {
    const paper = receiptPaper(order({ paid: { status: 'unpaid', method: 'cash', amount: 3000 } }));
    expect(paper).toMatchObject({ title: 'Товарный чек', number: '1042', day: '2026-11-25' });
    expect(paper.tables[0].rows.map((r) => r.map(plain))).toEqual([
      ['1', 'Букет «Нежность»', 'B-1', '2', '3 000 ₽', '6 000 ₽'],
      ['2', 'Буква (L)', 'L-1', '1', '2 000 ₽', '2 000 ₽'],
      ['3', 'Доставка', '', '1', '500 ₽', '500 ₽'],
    ]);
    expect(totals(paper)).toEqual({ Итого: '8 500 ₽', Получено: '3 000 ₽', 'К оплате': '5 500 ₽' });
  });

  it('of a paid pickup has no delivery line and nothing left to pay', () => {
    const paper = receiptPaper(order({ delivery: { method: 'pickup' }, deliveryPrice: 0, total: 8000, paid: { status: 'paid', method: 'card' } }));
    expect(paper.tables[0].rows).toHaveLength(2);
    expect(totals(paper)).toEqual({ Итого: '8 000 ₽', Получено: '8 000 ₽' });
    expect(paper.parties).toContainEqual({ label: 'Оплата', value: 'Карта' });
  });
});

describe('the courier’s route sheet', () => {
  it('goes slot by slot, then by number, with what to collect, the marks and the courier’s pay', () => {
    const petr: DayCourier = { id: 'c-petr', name: 'Пётр', phone: '79001112233', feePerDelivery: 400, active: true };
    const on = (number: number, slot: string, part: Partial<Order> = {}) => order({ id: `order-${number}-0123456789`, number, slot, courier: petr.id, ...part });
    const day = couriersDay(
      [on(7, '18:00–21:00'), on(9, '09:00–12:00', { paid: { status: 'paid', method: 'card' } }), on(5, '12:00–15:00', { postcard: 'С днём рождения', anonymous: true }), on(3, '12:00–15:00')],
      [petr],
      '2026-11-26',
    );
    const paper = routePaper(day.routes[0], '2026-11-26');
    expect(paper.tables[0].rows.map((r) => [r[0], r[1], r[2], r[4], plain(r[5])])).toEqual([
      ['1', '09:00–12:00', '9', '', 'оплачен'],
      ['2', '12:00–15:00', '3', '', '8 500 ₽'],
      ['3', '12:00–15:00', '5', 'открытка, АНОНИМНО', '8 500 ₽'],
      ['4', '18:00–21:00', '7', '', '8 500 ₽'],
    ]);
    expect(totals(paper)).toEqual({ Доставок: '4', 'Оплата курьеру': '1 600 ₽', 'Получить с клиентов': '25 500 ₽' });
    expect(paper.parties).toEqual([{ label: 'Курьер', value: 'Пётр, +7 (900) 111-22-33' }]);
  });
});
