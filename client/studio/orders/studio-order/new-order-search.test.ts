import { describe, expect, it } from 'vitest';
import { blankStudioForm } from './studio-order-form';
import { newOrderSearch, prefilled } from './new-order-search';

describe('the new order’s address', () => {
  const blank = blankStudioForm('draft-0123456789abcdef', new Date('2026-03-01T09:00:00Z'));

  it('prefills the customer, the recipient and the address, phones as the field shows them (the router reads them as numbers)', () => {
    const search = newOrderSearch.parse({ name: 'Павел', phone: 79051114455, to: 'Ольга', toPhone: '79052223344', address: 'Тверская, 7' });
    expect(prefilled(blank, search)).toMatchObject({
      customer: { name: 'Павел', phone: '+7 (905) 111-44-55' },
      recipient: { name: 'Ольга', phone: '+7 (905) 222-33-44' },
      method: 'courier',
      address: 'Тверская, 7',
    });
  });

  it('leaves out what is malformed and keeps a blank form without an address', () => {
    const search = newOrderSearch.parse({ phone: '12345', to: { x: 1 }, address: 'я'.repeat(400) });
    expect(prefilled(blank, search)).toEqual(blank);
    expect(prefilled(blank, newOrderSearch.parse({}))).toEqual(blank);
  });
});
