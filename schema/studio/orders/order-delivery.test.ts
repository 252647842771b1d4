import { describe, expect, it } from 'vitest';
import { askRecipientLabel, deliveryPlace, orderDraft } from './order';

const draft = (delivery: unknown) => ({
  id: 'delivery-test-000001', lines: [{ id: 'p-001', count: 1 }], sender: { name: 'Анна', phone: '79000000001' },
  recipient: { name: 'Ольга', phone: '79000000002' }, delivery, date: '2099-01-01', slot: '12:00–15:00', payment: 'cash',
});

/** Issue 12, item 4: «Уточнить адрес у получателя». */
describe('courier delivery', () => {
  it('needs an address, unless the studio is to ask the recipient for it', () => {
    expect(orderDraft.safeParse(draft({ method: 'courier', address: '' })).error?.issues[0]).toMatchObject({ path: ['delivery', 'address'], message: 'Укажите адрес доставки' });
    expect(orderDraft.parse(draft({ method: 'courier', askRecipient: true })).delivery).toEqual({ method: 'courier', address: '', askRecipient: true });
    expect(orderDraft.parse(draft({ method: 'courier', address: ' Тверская, 1 ', askRecipient: true })).delivery).toEqual({ method: 'courier', address: 'Тверская, 1', askRecipient: true });
  });

  it('reads a draft stored before the flag as it was', () => {
    const old = draft({ method: 'courier', address: 'Москва, ул. Тверская, 1' });
    expect(orderDraft.parse(old).delivery).toEqual(old.delivery);
  });

  it('says where the order goes on every screen', () => {
    expect(deliveryPlace({ method: 'pickup' })).toBe('Самовывоз из студии');
    expect(deliveryPlace({ method: 'courier', address: 'Тверская, 1' })).toBe('Тверская, 1');
    expect(deliveryPlace({ method: 'courier', address: '', askRecipient: true })).toBe(askRecipientLabel);
    expect(deliveryPlace({ method: 'courier', address: 'Тверская', askRecipient: true })).toBe('Тверская (уточнить адрес у получателя)');
  });
});
