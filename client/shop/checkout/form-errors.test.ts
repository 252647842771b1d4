import { describe, expect, it } from 'vitest';
import { phoneMessages } from '../../../schema/shared/phone';
import { nextDay, today } from '../../../schema/shared/day';
import { lastDeliveryDay } from '../../../schema/studio/orders/order';
import { draftFrom, inStep, type CheckoutForm } from './checkout-form';
import { checkForm, errorsAfterEdit } from './form-errors';

const lines = { 'B-1001': { id: 'p-001', art: 'B-1001', name: 'Букет', image: '', price: 3000, count: 1, priceFactor: 1 } };
const blank: CheckoutForm = {
  draftId: 'draft-0123456789abcdef',
  sender: { name: 'Анна', phone: '+7 (900) 000-00-01' },
  recipient: { name: '', phone: '' },
  recipientIsSender: false,
  method: 'courier',
  address: '',
  askRecipient: false,
  date: nextDay(today()),
  slot: '',
  postcard: '',
  anonymous: false,
  comment: '',
  payment: 'cash',
};

/** Issue 12, item 6: checkout errors clear as each field is corrected. */
describe('checkout messages after an edit', () => {
  const shown = checkForm(blank, lines);

  it('the submit names every field that is wrong', () => {
    expect(Object.keys(shown).sort()).toEqual(['delivery.address', 'recipient.name', 'recipient.phone', 'slot']);
  });

  it('a corrected field loses its message at once; the others keep theirs', () => {
    const named = { ...blank, recipient: { name: 'Ольга', phone: '' } };
    const after = errorsAfterEdit(shown, named, lines);
    expect(after['recipient.name']).toBeUndefined();
    expect(Object.keys(after).sort()).toEqual(['delivery.address', 'recipient.phone', 'slot']);
    const all = { ...named, recipient: { name: 'Ольга', phone: '+7 (916) 555-44-33' }, address: 'Москва, Тверская, 1', slot: '12:00–15:00' };
    expect(errorsAfterEdit(shown, all, lines)).toEqual({});
  });

  it('a message follows what is still wrong with its field, and a field not yet told about stays quiet', () => {
    const landline = { ...blank, recipient: { name: '', phone: '+7 (495) 123-45-67' } };
    expect(errorsAfterEdit(shown, landline, lines)['recipient.phone']).toBe(phoneMessages.notMobile);
    const senderGone = { ...blank, sender: { name: '', phone: blank.sender.phone } };
    expect(errorsAfterEdit(shown, senderGone, lines)['sender.name']).toBeUndefined();
  });

  it('keeps the server refusal until the form is sent again, and says nothing when nothing was shown', () => {
    expect(errorsAfterEdit({ form: 'Букет закончился' }, blank, lines)).toEqual({ form: 'Букет закончился' });
    expect(errorsAfterEdit({}, blank, lines)).toEqual({});
  });
});

/** Issue 8, item 11: the form says the server's hoarding limits before sending. */
describe('checkout limits against hoarding', () => {
  const ready: CheckoutForm = { ...blank, recipient: { name: 'Ольга', phone: '+7 (916) 555-44-33' }, address: 'Москва, Тверская, 1', slot: '12:00–15:00' };

  it('refuses more than 10 of one bouquet, also over its sizes', () => {
    expect(checkForm(ready, lines)).toEqual({});
    expect(checkForm(ready, { 'B-1001': { ...lines['B-1001'], count: 11 } }).lines).toMatch(/Не больше 10 шт/);
    const sizes = { 'B-1001-M': { ...lines['B-1001'], count: 6, letterSize: 'M' as const }, 'B-1001-L': { ...lines['B-1001'], count: 5, letterSize: 'L' as const } };
    expect(checkForm(ready, sizes).lines).toMatch(/Не больше 10 шт/);
  });

  it('refuses a day past the booking window', () => {
    expect(checkForm({ ...ready, date: lastDeliveryDay() }, lines)).toEqual({});
    expect(checkForm({ ...ready, date: nextDay(lastDeliveryDay()) }, lines).date).toMatch(/не больше чем на 30 дней/);
  });
});

/** Issue 12, item 4: «Я получатель» and «Уточнить адрес у получателя». */
describe('the recipient and the address', () => {
  it('«Я получатель» makes the recipient the sender and keeps them in step', () => {
    const ticked = inStep({ ...blank, recipientIsSender: true });
    expect(ticked.recipient).toEqual(blank.sender);
    const typed = inStep({ ...ticked, sender: { name: 'Анна Петровна', phone: '8 900 111-22-33' } });
    expect(typed.recipient).toEqual({ name: 'Анна Петровна', phone: '8 900 111-22-33' });
    expect(inStep({ ...typed, recipientIsSender: false, recipient: { name: 'Ольга', phone: '' } }).recipient.name).toBe('Ольга');
    expect(checkForm({ ...typed, slot: '12:00–15:00', address: 'Москва, ул. Тверская, 1' }, lines)).toEqual({});
  });

  it('«Уточнить адрес у получателя» lets the address stay empty, and the draft carries the flag', () => {
    const asked = { ...blank, recipient: { name: 'Ольга', phone: '9990003344' }, slot: '12:00–15:00', askRecipient: true };
    expect(checkForm(asked, lines)).toEqual({});
    expect(draftFrom(asked, lines).delivery).toEqual({ method: 'courier', address: '', askRecipient: true });
    expect(Object.keys(checkForm({ ...asked, askRecipient: false }, lines))).toEqual(['delivery.address']);
  });
});
