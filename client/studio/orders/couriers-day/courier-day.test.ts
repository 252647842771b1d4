import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../schema/studio/orders/order';
import type { OrderCommandView } from '../../../data/order-commands';
import { couriersDay, couriersHeading, pendingAssignments, toCollect, type DayCourier } from './courier-day';

const day = '2026-03-08';
let n = 100;
const order = (part: Partial<Order> = {}): Order => {
  n += 1;
  return {
    id: `order-${n}-0123456789`, number: n, customer: '79160000000', lines: [], deliveryPrice: 0, total: 5000, status: 'confirmed',
    createdAt: 1, updatedAt: 1, sender: { name: 'Ольга', phone: '79160000000' }, recipient: { name: 'Мама', phone: '79030000000' },
    delivery: { method: 'courier', address: 'ул. Тверская, 1' }, date: day, slot: '12:00–15:00', postcard: '', anonymous: false, comment: '', payment: 'cash',
    ...part,
  };
};
const petr: DayCourier = { id: 'c-petr', name: 'Пётр', phone: '79001112233', feePerDelivery: 400, active: true };
const anna: DayCourier = { id: 'c-anna', name: 'Анна', phone: '79001112244', feePerDelivery: 500, active: true };
const gone: DayCourier = { id: 'c-gone', name: 'Борис', phone: '79001112255', feePerDelivery: 300, active: false };

describe('the couriers’ day', () => {
  it('gives each courier their deliveries in slot order, with what to collect and the fee', () => {
    const late = order({ courier: petr.id, slot: '18:00–21:00', total: 3000 });
    const early = order({ courier: petr.id, slot: '09:00–12:00', total: 7000, paid: { status: 'paid', method: 'card' } });
    const mid = order({ courier: petr.id, slot: '12:00–15:00', total: 4000, postcard: 'С днём рождения', anonymous: true });
    const result = couriersDay([late, early, mid], [petr, anna], day);
    const route = result.routes.find((r) => r.courier.id === petr.id)!;
    expect(route.deliveries.map((d) => d.number)).toEqual([early.number, mid.number, late.number]);
    expect(route.deliveries.map((d) => d.toCollect)).toEqual([0, 4000, 3000]);
    expect(route.deliveries[1]).toMatchObject({ postcard: true, anonymous: true, address: 'ул. Тверская, 1', recipient: { phone: '79030000000' } });
    expect(route).toMatchObject({ toCollect: 7000, fee: 1200 });
    expect(result.fees).toBe(1200);
  });

  it('lists deliveries without a courier (or with one the device does not know) apart', () => {
    const none = order({ slot: '15:00–18:00' });
    const unknown = order({ courier: 'c-nobody', slot: '09:00–12:00' });
    const result = couriersDay([none, unknown, order({ courier: anna.id })], [petr, anna], day);
    expect(result.unassigned.map((d) => d.number)).toEqual([unknown.number, none.number]);
    expect(result.routes.map((r) => [r.courier.name, r.deliveries.length, r.fee])).toEqual([['Анна', 1, 500], ['Пётр', 0, 0]]);
    expect(result.toCollect).toBe(15000);
  });

  it('leaves out other days, pickups and cancelled orders; an inactive courier shows only with deliveries', () => {
    const orders = [
      order({ courier: petr.id, date: '2026-03-09' }),
      order({ courier: petr.id, delivery: { method: 'pickup' } }),
      order({ courier: petr.id, status: 'cancelled' }),
      order({ courier: gone.id, status: 'done' }),
    ];
    const result = couriersDay(orders, [petr, gone], day);
    expect(result.routes.map((r) => [r.courier.name, r.deliveries.length])).toEqual([['Борис', 1], ['Пётр', 0]]);
    expect(result.unassigned).toEqual([]);
    expect(result.fees).toBe(300);
    expect(couriersDay(orders, [petr], day).routes.map((r) => r.courier.name)).toEqual(['Пётр']);
  });

  it('collects an unpaid order in full and nothing of a paid one', () => {
    expect(toCollect({ total: 5490 })).toBe(5490);
    expect(toCollect({ total: 5490, paid: { status: 'unpaid' } })).toBe(5490);
    expect(toCollect({ total: 5490, paid: { status: 'paid', method: 'cash', amount: 5490 } })).toBe(0);
  });

  it('collects what a part payment left owed, and the rest of an order marked paid for less than its total', () => {
    expect(toCollect({ total: 7990, paid: { status: 'unpaid', method: 'cash', amount: 3000 } })).toBe(4990);
    expect(toCollect({ total: 7990, paid: { status: 'paid', method: 'cash', amount: 1 } })).toBe(7989);
    expect(toCollect({ total: 7990, paid: { status: 'paid', method: 'cash' } })).toBe(0);
  });
});

describe('assignments made on this device', () => {
  const assign = (order: string, courier: string | null, createdAt: number, state: 'pending' | 'applied' | 'refused' = 'pending'): OrderCommandView =>
    ({
      id: `cmd-${order}-${createdAt}`,
      order,
      action: { kind: 'assign', courier },
      by: '79000000002',
      createdAt,
      ...(state === 'pending' ? { state } : state === 'applied' ? { state, at: createdAt + 1 } : { state, at: createdAt + 1, status: 409, reason: 'Курьера уже сменили' }),
    }) as OrderCommandView;
  const named = (id: string, command: string) => ({ id, history: [{ command, by: '79000000002', at: 1, what: 'Флорист и курьер', before: {}, after: {} }] });

  it('count until the server answers: the latest one of an order wins, a refused one changes nothing', () => {
    const pending = pendingAssignments([assign('a', petr.id, 2), assign('a', anna.id, 1), assign('b', null, 3), assign('d', anna.id, 5, 'refused')]);
    expect([...pending]).toEqual([['a', { courier: petr.id, sent: false }], ['b', { courier: null, sent: false }]]);
  });

  it('count an applied one until its order comes back naming it: the outcome can be pulled before the order', () => {
    const commands = [assign('c', anna.id, 4, 'applied'), assign('e', petr.id, 6, 'applied'), assign('e', anna.id, 7)];
    expect([...pendingAssignments(commands, [])]).toEqual([['c', { courier: anna.id, sent: true }], ['e', { courier: anna.id, sent: false }]]);
    expect([...pendingAssignments(commands, [named('c', 'cmd-c-4'), named('e', 'cmd-e-6')])]).toEqual([['e', { courier: anna.id, sent: false }]]);
    // The route keeps the delivery meanwhile, not marked as waiting to be sent.
    const c = order({ id: 'c' });
    const result = couriersDay([c], [petr, anna], day, pendingAssignments(commands, []));
    expect(result.routes.map((r) => [r.courier.name, r.deliveries.map((d) => [d.id, d.pending ?? false])])).toEqual([
      ['Анна', [['c', false]]],
      ['Пётр', []],
    ]);
  });

  it('mark an order taken offline, not numbered yet, as waiting to be sent', () => {
    const waiting = order({ id: 'order-w-0123456789', number: 0 });
    const result = couriersDay([waiting], [petr], day);
    expect(result.unassigned.map((d) => [d.number, d.pending])).toEqual([[0, true]]);
  });

  it('move a delivery into the courier’s route marked as waiting, or back among those without one', () => {
    const a = order({ id: 'order-a-0123456789' });
    const b = order({ id: 'order-b-0123456789', courier: anna.id });
    const c = order({ id: 'order-c-0123456789', courier: anna.id });
    const result = couriersDay([a, b, c], [petr, anna], day, new Map([[a.id, { courier: petr.id, sent: false }], [b.id, { courier: null, sent: false }], [c.id, { courier: anna.id, sent: false }]]));
    expect(result.routes.map((r) => [r.courier.name, r.deliveries.map((d) => [d.id, d.pending ?? false])])).toEqual([
      ['Анна', [[c.id, false]]],
      ['Пётр', [[a.id, true]]],
    ]);
    expect(result.unassigned.map((d) => [d.id, d.pending])).toEqual([[b.id, true]]);
  });
});

describe('the day’s heading', () => {
  it('puts the weekday after «на» in the accusative', () => {
    expect(couriersHeading('2026-11-25')).toBe('Курьеры на среду, 25 ноября');
    expect(couriersHeading('2026-11-27')).toBe('Курьеры на пятницу, 27 ноября');
    expect(couriersHeading('2026-11-28')).toBe('Курьеры на субботу, 28 ноября');
    expect(couriersHeading('2026-11-29')).toBe('Курьеры на воскресенье, 29 ноября');
    expect(couriersHeading('2026-11-23')).toBe('Курьеры на понедельник, 23 ноября');
    expect(couriersHeading('2026-11-24')).toBe('Курьеры на вторник, 24 ноября');
  });
});
