import { describe, expect, it } from 'vitest';
import type { StudioOrderDraft } from '../../../../schema/studio/orders/order-command';
import type { OrderCommandView } from '../../../data/order-commands';
import { orderNo } from '../../../../schema/studio/orders/order-number';
import { sampleProducts } from './provisional-orders.fixture';
import { provisionalMark, provisionalOrders, waitingOrders } from './provisional-orders';

const draft = (id: string) => ({ id, customer: { name: 'Ольга', phone: '79161234567' } }) as StudioOrderDraft;
const create = (order: string, createdAt: number, state: Partial<OrderCommandView> = { state: 'pending' }): OrderCommandView =>
  ({ id: `cmd-${order}`, order, action: { kind: 'create', draft: draft(order) }, by: '79000000002', createdAt, ...state }) as OrderCommandView;

describe('orders taken on the device before the server numbers them', () => {
  it('wait, come back refused with the reason, or carry their number once the order is on the device', () => {
    const commands = [
      create('waiting-order-0001', 1),
      create('refused-order-0001', 2, { state: 'refused', at: 3, status: 409, reason: 'Нет в наличии' }),
      create('applied-order-0001', 3, { state: 'applied', at: 4 }),
      { ...create('numbered-order-01', 4), action: { kind: 'status', from: 'new', to: 'confirmed' } } as OrderCommandView,
    ];
    const list = provisionalOrders(commands, new Map([['applied-order-0001', 1042]]));
    expect(list.map((o) => [o.id, o.state])).toEqual([
      ['applied-order-0001', 'numbered'],
      ['refused-order-0001', 'refused'],
      ['waiting-order-0001', 'waiting'],
    ]);
    expect(list.map((o) => provisionalMark(o, false))).toEqual([orderNo(1042), 'не принят: Нет в наличии', 'без номера — ждёт сети']);
    expect(provisionalMark(list[2], true)).toBe('без номера — отправлен, ждёт номера');
  });
});

describe('an order taken offline, on the board and the couriers’ day', () => {
  it('shows as an order without a number, priced from the device’s catalogue, until the server numbers it', () => {
    const full = {
      id: 'waiting-order-0001', source: 'phone', customer: { name: 'Ольга', phone: '79161234567' }, sender: { name: 'Ольга', phone: '79161234567' },
      recipient: { name: 'Мама', phone: '79037654321' }, lines: [{ id: 'p-001', count: 2 }], delivery: { method: 'courier', address: 'Москва, ул. Тверская, 7' },
      date: '2026-03-08', slot: '15:00–18:00', postcard: '', anonymous: false, comment: '', payment: 'cash',
    } as StudioOrderDraft;
    const waiting = { id: full.id, draft: full, createdAt: 5, state: 'waiting' } as const;
    const numbered = { ...waiting, id: 'numbered-order-01', state: 'numbered', number: 7 } as const;
    const [o, ...rest] = waitingOrders([waiting, numbered], sampleProducts);
    expect(rest).toEqual([]);
    expect(o).toMatchObject({ id: full.id, number: 0, status: 'new', source: 'phone', customer: '79161234567', date: '2026-03-08', slot: '15:00–18:00', createdAt: 5 });
    expect(o.lines).toMatchObject([{ id: 'p-001', name: 'Прованс', count: 2, price: 4990, sum: 9980 }]);
    expect(o.total).toBe(9980);
  });
});
