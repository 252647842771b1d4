import { describe, expect, it } from 'vitest';
import { nextDay, today } from '../../../../schema/shared/day';
import { noSlotReason } from '../../../../schema/shop/no-slot-reason';
import { openSlots } from '../../../../schema/studio/orders/order';
import { defaultShopSettings } from '../../../../schema/studio/site/shop-settings';
import { isCounterSale, mayCreateOrder, studioOrderDraft } from '../../../../schema/studio/orders/order-command';
import type { Product } from '../../../../schema/shop/product';
import { user } from '../../../../schema/shared/user';
import { knownCustomer } from './known-customer';
import { addLine, blankCounterSale, blankStudioForm, firstProblem, firstStudioDay, studioSlots, budgetChoices, checkStudioForm, previewTotal, studioCommands, studioDraftFrom, type StudioForm } from './studio-order-form';

const product = (id: string, price: number, part: Partial<Product> = {}): Product => ({
  id, art: id.toUpperCase(), name: `Букет ${id}`, description: '', composition: '', images: [], price, count: 5, category: 'bouquets', itemType: 'bouquet',
  tags: [], shownOn: [], isActive: true, isHidden: false, sizable: false, rank: 1000, updatedAt: 1, ...part,
} as Product);

// Noon in Moscow: every slot of tomorrow is open.
const noon = new Date('2026-03-07T09:00:00Z');
const tomorrow = nextDay(today(noon));
const filled = (part: Partial<StudioForm> = {}): StudioForm => ({
  ...blankStudioForm('draft-0123456789abcdef', noon),
  customer: { name: 'Ольга', phone: '+7 (916) 123-45-67' },
  recipient: { name: 'Мама', phone: '+7 (903) 765-43-21' },
  lines: [{ id: 'p-001', count: 2 }],
  address: 'Москва, ул. Тверская, 1, кв. 5',
  date: tomorrow,
  slot: '12:00–15:00',
  ...part,
});

describe('the draft built from «Новый заказ»', () => {
  it('is a studio draft: the customer sends, phones as digits, lines without prices', () => {
    const draft = studioOrderDraft.parse(studioDraftFrom(filled({ source: 'showcase', postcard: 'С любовью', anonymous: true })));
    expect(draft).toMatchObject({
      id: 'draft-0123456789abcdef',
      source: 'showcase',
      customer: { name: 'Ольга', phone: '79161234567' },
      sender: { name: 'Ольга', phone: '79161234567' },
      recipient: { name: 'Мама', phone: '79037654321' },
      lines: [{ id: 'p-001', count: 2 }],
      delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1, кв. 5' },
      date: tomorrow,
      slot: '12:00–15:00',
      postcard: 'С любовью',
      anonymous: true,
      payment: 'cash',
    });
    expect(draft.lines[0]).not.toHaveProperty('price');
  });

  it('takes the customer as recipient, a pickup without address', () => {
    const draft = studioOrderDraft.parse(studioDraftFrom(filled({ selfRecipient: true, method: 'pickup', recipient: { name: '', phone: '' } })));
    expect(draft.recipient).toEqual(draft.customer);
    expect(draft.delivery).toEqual({ method: 'pickup' });
  });

  it('says a budget bouquet to the florist in the comment', () => {
    const form = filled({ lines: [{ id: 'p-002', count: 1, budget: 5000 }], comment: 'Без лилий' });
    const draft = studioDraftFrom(form, new Map([['p-002', { name: 'Нежность' }]]));
    expect(draft.comment).toBe('Букет на сумму 5000 ₽ (как «Нежность»)\nБез лилий');
    expect(draft.lines).toEqual([{ id: 'p-002', count: 1 }]);
  });

  it('follows with a payment command when the customer has paid, by the same order', () => {
    const form = filled({ paidNow: true, paidMethod: 'transfer' });
    const draft = studioOrderDraft.parse(studioDraftFrom(form));
    expect(draft.payment).toBe('card');
    expect(studioCommands(draft, form)).toEqual([{ kind: 'create', draft }, { kind: 'payment', status: 'paid', method: 'transfer' }]);
    expect(studioCommands(draft, filled())).toEqual([{ kind: 'create', draft }]);
  });
});

describe('the form checked before it is sent', () => {
  it('is clean when filled', () => expect(checkStudioForm(filled(), noon)).toEqual({}));

  it('says each missing field where it is', () => {
    const errors = checkStudioForm(filled({ customer: { name: '', phone: '+7 (916) 12' }, lines: [], address: '', slot: '' }), noon);
    expect(Object.keys(errors).sort()).toEqual(['customer.name', 'customer.phone', 'delivery.address', 'lines', 'slot']);
    expect(errors.lines).toBe('Добавьте букет из каталога или букет на сумму');
  });

  it('puts the recipient’s problems on the customer when they are one person', () => {
    expect(Object.keys(checkStudioForm(filled({ selfRecipient: true, customer: { name: '', phone: '+7 (916) 123-45-67' } }), noon))).toEqual(['customer.name']);
  });

  it('refuses a slot already past, not a day beyond the site’s booking window', () => {
    const evening = new Date('2026-03-07T17:30:00Z'); // 20:30 in Moscow
    expect(checkStudioForm(filled({ date: today(evening), slot: '12:00–15:00' }), evening).slot).toBe('Это время уже недоступно, выберите другое');
    // The site's two-hour lead time is not the studio's: a bouquet from the showcase leaves now.
    expect(checkStudioForm(filled({ date: today(evening), slot: '18:00–21:00' }), evening)).toEqual({});
    expect(studioSlots(today(evening), evening)).toEqual(['18:00–21:00', '21:00–23:00']);
    expect(firstStudioDay(evening)).toBe(today(evening));
    const night = new Date('2026-03-07T20:10:00Z'); // 23:10 in Moscow
    expect(firstStudioDay(night)).toBe(nextDay(today(night)));
    expect(studioSlots('2026-03-06', night)).toEqual([]);
    expect(checkStudioForm(filled({ date: '2026-06-01' }), noon)).toEqual({});
    expect(checkStudioForm(filled({ lines: [{ id: 'p-001', count: 40 }] }), noon)).toEqual({});
  });
});

describe('lines, preview and budget', () => {
  it('adds one more of the same product and size, a budget bouquet apart', () => {
    let lines = addLine([], { id: 'a', count: 1 });
    lines = addLine(lines, { id: 'a', count: 1 });
    lines = addLine(lines, { id: 'a', count: 1, letterSize: 'L' });
    lines = addLine(lines, { id: 'a', count: 1, budget: 4000 });
    expect(lines).toEqual([{ id: 'a', count: 2 }, { id: 'a', count: 1, letterSize: 'L' }, { id: 'a', count: 1, budget: 4000 }]);
  });

  it('previews the total as the server prices it: discount, size rounded to tens, delivery free from 7 000 ₽', () => {
    const products = new Map([['a', product('a', 3000, { discountPrice: 2500 })], ['b', product('b', 4000)]]);
    expect(previewTotal({ method: 'courier', lines: [{ id: 'a', count: 2 }] }, products)).toEqual({ goods: 5000, delivery: 490, total: 5490 });
    expect(previewTotal({ method: 'courier', lines: [{ id: 'b', count: 1, letterSize: 'XL' }] }, products)).toEqual({ goods: 8000, delivery: 0, total: 8000 });
    expect(previewTotal({ method: 'pickup', lines: [{ id: 'a', count: 1 }] }, products)).toEqual({ goods: 2500, delivery: 0, total: 2500 });
    // As the server charges a size: 3 495 ₽ × 1.5 is 5 240 ₽, rounded to tens (schema/shop/size.ts sizedPrice).
    expect(previewTotal({ method: 'pickup', lines: [{ id: 'c', count: 1, letterSize: 'L' }] }, new Map([['c', product('c', 3495)]]))).toEqual({ goods: 5240, delivery: 0, total: 5240 });
  });

  it('offers bouquets in stock that fit the budget, the nearest first', () => {
    const products = [
      product('cheap', 2000), product('near', 4900), product('over', 5100), product('sale', 6000, { discountPrice: 4500 }),
      product('gone', 4990, { count: 0 }), product('vase', 4950, { itemType: 'vase' }), product('hidden', 4980, { isHidden: true }),
    ];
    expect(budgetChoices(products, 5000).map((p) => p.id)).toEqual(['near', 'sale', 'cheap']);
    expect(budgetChoices(products, 0)).toEqual([]);
  });
});

describe('a customer the studio knows', () => {
  const order = (customer: string, name: string, createdAt: number, address?: string) => ({
    customer, sender: { name, phone: customer }, createdAt, delivery: address ? { method: 'courier' as const, address } : { method: 'pickup' as const },
  });
  it('is found by phone among the device’s orders: the latest name, the last delivery address', () => {
    const orders = [order('79161234567', 'Оля', 1, 'ул. Тверская, 1'), order('79161234567', 'Ольга Звонкова', 3), order('79990000000', 'Пётр', 5, 'Арбат, 2')];
    expect(knownCustomer(orders, '79161234567')).toEqual({ name: 'Ольга Звонкова', orders: 2, lastAddress: 'ул. Тверская, 1' });
    expect(knownCustomer(orders, '79030000000')).toBeNull();
  });
});

describe('a counter sale', () => {
  it('is a showcase bouquet taken away today in the slot under way, paid now, that a florist may record', () => {
    const at = new Date('2026-03-07T10:30:00Z'); // 13:30 in Moscow
    const form = { ...blankCounterSale('draft-0123456789abcdef', at), customer: { name: 'Ольга', phone: '+7 (916) 123-45-67' }, lines: [{ id: 'p-001', count: 1 }] };
    expect(form).toMatchObject({ source: 'showcase', method: 'pickup', date: '2026-03-07', slot: '12:00–15:00', selfRecipient: true, paidNow: true });
    expect(checkStudioForm(form, at)).toEqual({});
    const draft = studioOrderDraft.parse(studioDraftFrom(form));
    expect(isCounterSale(draft)).toBe(true);
    expect(studioCommands(draft, form).map((c) => c.kind)).toEqual(['create', 'payment']);
    const florist = user.parse({ phone: '79000000002', name: 'Флора', roles: ['florist'] });
    expect(mayCreateOrder(florist, draft)).toBe(true);
    expect(mayCreateOrder(florist, { ...draft, source: 'phone' })).toBe(false);
    expect(mayCreateOrder(florist, { ...draft, delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' } })).toBe(false);
  });

  it('late in the evening still belongs to today, in its last slot', () => {
    const late = new Date('2026-03-07T20:40:00Z'); // 23:40 in Moscow
    const form = { ...blankCounterSale('draft-0123456789abcdef', late), customer: { name: 'Ольга', phone: '+7 (916) 123-45-67' }, lines: [{ id: 'p-001', count: 1 }] };
    expect(form).toMatchObject({ date: '2026-03-07', slot: '21:00–23:00' });
    expect(checkStudioForm(form, late)).toEqual({});
    expect(checkStudioForm({ ...form, source: 'phone' }, late)).toMatchObject({ slot: 'Это время уже недоступно, выберите другое' });
  });

  it('a walk-in sale needs no phone or name; a half-typed phone is refused, and said beside the button too', () => {
    const walkIn = { ...blankCounterSale('draft-0123456789abcdef', noon), lines: [{ id: 'p-001', count: 1 }] };
    expect(checkStudioForm(walkIn, noon)).toEqual({});
    const draft = studioOrderDraft.parse(studioDraftFrom(walkIn));
    expect(draft.customer).toEqual({ phone: '', name: '' });
    expect(firstProblem(checkStudioForm(walkIn, noon))).toBeUndefined();

    const half = checkStudioForm({ ...walkIn, customer: { name: '', phone: '+7 (916) 12' } }, noon);
    expect(half).toEqual({ 'customer.phone': 'Номер телефона: +7 и 10 цифр — или оставьте поле пустым' });
    expect(firstProblem(half)).toBe('Телефон покупателя: Номер телефона: +7 и 10 цифр — или оставьте поле пустым');
    expect(firstProblem(checkStudioForm({ ...walkIn, lines: [] }, noon))).toBe('Состав: Добавьте букет из каталога или букет на сумму');
    // A phone order still asks for its customer.
    expect(checkStudioForm({ ...walkIn, source: 'phone' }, noon)).toMatchObject({ 'customer.phone': 'Укажите номер телефона', 'customer.name': 'Укажите имя' });
  });

  it('offers no time on a day the studio closed, and says why as the checkout does', () => {
    const noon = new Date('2026-03-07T09:00:00Z');
    const settings = { ...defaultShopSettings, closedDays: ['2026-03-09'] };
    expect(studioSlots('2026-03-09', noon, settings)).toEqual([]);
    expect(openSlots('2026-03-09', noon, settings)).toEqual([]);
    expect(noSlotReason('2026-03-09', noon, settings)).toBe('Студия в этот день не работает');
    expect(studioSlots('2026-03-10', noon, settings).length).toBeGreaterThan(0);
    const night = new Date('2026-03-07T20:10:00Z'); // 23:10 in Moscow
    expect(studioSlots(today(night), night, settings)).toEqual([]);
    expect(noSlotReason(today(night), night, settings)).toBe('На сегодня все интервалы закрыты — выберите другой день');
    expect(noSlotReason('2026-03-06', night, settings)).toBe('Этот день уже прошёл — выберите другой');
  });
});
