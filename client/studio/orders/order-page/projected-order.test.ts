import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../schema/studio/orders/order';
import { paymentProviderName } from '../../../../schema/studio/orders/order-money';
import { product } from '../../../../schema/shop/product';
import { itemCategory } from '../../../../schema/shop/category';
import type { OrderCommandView } from '../../../data/order-commands';
import { projectedOrder } from './projected-order';
import { dataUrlBytes, fitWithin } from './photo-resize';
import { changeRows, deliveredUnpaid, paymentText } from './order-labels';
import { formatRoubles } from '../../../../schema/shared/money';

const order: Order = {
  id: 'order-aaaaaaaaaaaa', number: 7, customer: '79000000003', createdAt: 1, updatedAt: 5, status: 'new', total: 6490, deliveryPrice: 490,
  lines: [{ id: 'p-1', art: 'A-1', name: 'Букет', image: '', count: 2, price: 3000, priceFactor: 1, sum: 6000 }],
  sender: { name: 'Анна', phone: '79000000003' }, recipient: { name: 'Ольга', phone: '79440000009' }, delivery: { method: 'pickup' },
  date: '2099-03-08', slot: '12:00–15:00', postcard: '', anonymous: false, comment: '', payment: 'cash',
};
let n = 0;
const command = (action: OrderCommandView['action'], state: 'pending' | 'applied' = 'pending'): OrderCommandView =>
  state === 'pending'
    ? { id: `c${n++}`, order: order.id, action, by: '79000000005', createdAt: n, state }
    : { id: `c${n++}`, order: order.id, action, by: '79000000005', createdAt: n, state, at: n };

describe('the order as the device will have it', () => {
  it('follows pending commands in order, so a florist offline moves it step by step', () => {
    const o = projectedOrder(order, [
      command({ kind: 'status', from: 'new', to: 'confirmed' }),
      command({ kind: 'status', from: 'confirmed', to: 'assembling' }),
      command({ kind: 'assign', courier: 'courier-1' }),
      command({ kind: 'payment', status: 'paid', method: 'cash', amount: 6490 }),
      command({ kind: 'photo', image: 'data:image/jpeg;base64,AAAA' }),
    ]);
    expect(o).toMatchObject({ status: 'assembling', courier: 'courier-1', paid: { status: 'paid', method: 'cash', amount: 6490 }, photo: 'data:image/jpeg;base64,AAAA' });
  });

  it('reads a pending part payment as the server will record it: unpaid, with the part received and the rest owed', () => {
    const o = projectedOrder(order, [command({ kind: 'payment', status: 'paid', method: 'cash', amount: 1000 })]);
    expect(o.paid).toMatchObject({ status: 'unpaid', method: 'cash', amount: 1000 });
    expect(paymentText(o.paid)).toBe(`Оплачен частично · Наличные · ${formatRoubles(1000)}`);
    expect(projectedOrder(order, [command({ kind: 'payment', status: 'paid', method: 'card' })]).paid).toMatchObject({ status: 'paid', amount: 6490 });
  });

  it('makes whoever starts assembling the florist at once, offline too, unless one is set', () => {
    expect(projectedOrder(order, [command({ kind: 'status', from: 'new', to: 'assembling' })]).florist).toBe('79000000005');
    expect(projectedOrder({ ...order, florist: '79000000003' }, [command({ kind: 'status', from: 'new', to: 'assembling' })]).florist).toBe('79000000003');
    expect(projectedOrder(order, [command({ kind: 'status', from: 'new', to: 'ready' })]).florist).toBeUndefined();
  });

  it('leaves out what the server already answered (its copy carries the applied ones; refused ones never happened)', () => {
    expect(projectedOrder(order, [command({ kind: 'status', from: 'new', to: 'confirmed' }, 'applied')]).status).toBe('new');
  });

  it('takes an edit’s lines and fields, and unassigns with null', () => {
    const o = projectedOrder({ ...order, florist: '79000000005' }, [
      command({ kind: 'edit', seenUpdatedAt: 5, lines: [{ id: 'p-1', count: 1 }], postcard: 'С праздником' }),
      command({ kind: 'assign', florist: null }),
    ]);
    expect(o.lines[0]).toMatchObject({ count: 1, sum: 3000 });
    expect(o.postcard).toBe('С праздником');
    expect(o.florist).toBeUndefined();
  });

  it('shows a product an edit adds from the device’s catalogue, in its size, with the total until the server prices it', () => {
    const roses = product.parse({ id: 'p-2', art: 'R-2', name: 'Розы', price: 3495, sizable: true, images: [{ url: '/img/bouquet/r.svg' }], count: 5, category: itemCategory.options[0], itemType: 'bouquet', updatedAt: 1 });
    const o = projectedOrder(order, [command({ kind: 'edit', seenUpdatedAt: 5, lines: [{ id: 'p-1', count: 1 }, { id: 'p-2', count: 2, letterSize: 'L' }, { id: 'p-9', count: 1 }] })], new Map([[roses.id, roses]]));
    expect(o.lines).toEqual([
      { ...order.lines[0], count: 1, sum: 3000 },
      { id: 'p-2', art: 'R-2', name: 'Розы', image: '/img/bouquet/r.svg', count: 2, letterSize: 'L', price: 3495, priceFactor: 1.5, sum: 10480 },
    ]);
    expect(o).toMatchObject({ deliveryPrice: 0, total: 13480 });
  });
});

describe('the bouquet photo’s size', () => {
  it('fits the longer side into 1600 px and never enlarges', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
  it('counts a data URL’s bytes', () => {
    expect(dataUrlBytes(`data:image/jpeg;base64,${btoa('abcde')}`)).toBe(5);
  });
});

describe('the order’s words', () => {
  it('flags a delivered order without payment', () => {
    expect(deliveredUnpaid({ ...order, status: 'done' })).toBe(true);
    expect(deliveredUnpaid({ ...order, status: 'done', paid: { status: 'paid' } })).toBe(false);
    expect(deliveredUnpaid(order)).toBe(false);
  });
  it('tells a history entry as before → after in Russian', () => {
    const rows = changeRows({ command: 'c', by: '79000000005', at: 1, what: 'Статус', before: { status: 'new' }, after: { status: 'confirmed' } });
    expect(rows).toEqual([{ field: 'Статус', before: 'Новый', after: 'Подтверждён' }]);
  });
});

describe('a payment reversed on the device (issue 27: «Отменить оплату»)', () => {
  const paid = { status: 'paid' as const, method: 'card' as const, amount: 6490, at: 10, by: '79000000003' };
  const withPayment: Order = {
    ...order, paid, history: [{ command: 'pay-card-0000001', by: '79000000003', at: 10, what: 'Оплата', before: { paid: null }, after: { paid } }],
  };

  it('shows the order unpaid while the reversal waits, and a refused one (an online payment) changes nothing', () => {
    expect(projectedOrder(withPayment, [command({ kind: 'void-payment', payment: 'pay-card-0000001', reason: 'Не тот способ' })]).paid).toBeUndefined();
    // The provider's payment (stamped by it) is refunded through it; one taken online elsewhere and typed by staff is reversed (issue 29, item 8).
    const online = { ...paid, method: 'online' as const, by: paymentProviderName };
    const onlineOrder: Order = { ...withPayment, paid: online, history: [{ ...withPayment.history![0], command: 'online-paid', by: paymentProviderName, after: { paid: online } }] };
    expect(projectedOrder(onlineOrder, [command({ kind: 'void-payment', payment: 'online-paid', reason: 'Ошибка' })]).paid).toEqual(online);
    const elsewhere = { ...paid, method: 'online' as const };
    const elsewhereOrder: Order = { ...withPayment, paid: elsewhere, history: [{ ...withPayment.history![0], after: { paid: elsewhere } }] };
    expect(projectedOrder(elsewhereOrder, [command({ kind: 'void-payment', payment: 'pay-card-0000001', reason: 'Не тот заказ' })]).paid).toBeUndefined();
  });

  it('says in the history what was reversed and why', () => {
    const entry = { command: 'void-1', by: '79000000002', at: 20, what: 'Отмена оплаты', before: { paid }, after: { paid: null, voidedPayment: { payment: 'pay-card-0000001', reason: 'Не тот способ' } } };
    expect(changeRows(entry)).toEqual([
      { field: 'Оплата', before: `Оплачен · Карта · ${formatRoubles(6490)}`, after: '—' },
      { field: 'Отменена оплата', before: '—', after: 'причина: Не тот способ' },
    ]);
  });
});
