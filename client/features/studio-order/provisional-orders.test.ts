import { describe, expect, it } from 'vitest';
import type { StudioOrderDraft } from '../../../schema/order-command';
import type { OrderCommandView } from '../../data/order-commands';
import { provisionalMark, provisionalOrders } from './provisional-orders';

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
    expect(list.map((o) => provisionalMark(o, false))).toEqual(['№ 1042', 'не принят: Нет в наличии', 'без номера — ждёт сети']);
    expect(provisionalMark(list[2], true)).toBe('без номера — отправлен, ждёт номера');
  });
});
