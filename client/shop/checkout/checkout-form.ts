import { useCallback, useEffect, useState } from 'react';
import type { Cart } from '../../../schema/shop/cart';
import type { OnlineMethod } from '../../../schema/shop/online-payment';
import { firstDeliveryDay } from '../../../schema/studio/orders/order';
import { formatPhone } from '../../../schema/shared/phone';
import type { User } from '../../../schema/shared/user';
import { randomId } from '../../lib/random-id';

/** What the customer has typed into /orders/create, as typed (phones with their mask). */
export interface CheckoutForm {
  draftId: string;
  sender: { name: string; phone: string };
  recipient: { name: string; phone: string };
  /** «Я получатель»: the recipient is the sender, kept in step while ticked. */
  recipientIsSender: boolean;
  method: 'courier' | 'pickup';
  address: string;
  /** «Уточнить адрес у получателя»: the studio calls the recipient; the address may stay empty. */
  askRecipient: boolean;
  date: string;
  slot: string;
  postcard: string;
  anonymous: boolean;
  comment: string;
  payment: 'cash' | 'card';
  /** Set: paid now online by this method (payment-choice.tsx); not part of the draft. */
  payNow?: OnlineMethod;
}

const storageKey = 'checkout-form';

const blank = (user: User | null): CheckoutForm => ({
  draftId: randomId(16),
  sender: user ? { name: user.name, phone: formatPhone(user.phone) } : { name: '', phone: '' },
  recipient: { name: '', phone: '' },
  recipientIsSender: false,
  method: 'courier',
  address: '',
  askRecipient: false,
  date: firstDeliveryDay(),
  slot: '',
  postcard: '',
  anonymous: false,
  comment: '',
  payment: 'cash',
});

/** A guest's form (owner '') is kept when they sign in; another customer's is not shown. */
const restore = (user: User | null): CheckoutForm => {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as (CheckoutForm & { owner: string }) | null;
    if (!kept || (kept.owner && kept.owner !== user?.phone)) return blank(user);
    // Forms kept before the two ticks existed leave them out.
    const { owner: _owner, ...rest } = kept;
    const form = { ...rest, recipientIsSender: rest.recipientIsSender ?? false, askRecipient: rest.askRecipient ?? false };
    // A day kept from yesterday is no longer a choice.
    return form.date < firstDeliveryDay() ? { ...form, date: firstDeliveryDay(), slot: '' } : form;
  } catch {
    return blank(user);
  }
};

/**
 * The form's state, kept in the tab's session storage as it is typed: a reload or a trip back to the catalogue
 * loses nothing. The draft id stays with it, so sending the same form again cannot make a second order.
 */
export const useCheckoutForm = (user: User | null) => {
  const [form, setForm] = useState(() => restore(user));
  const owner = user?.phone ?? '';
  useEffect(() => sessionStorage.setItem(storageKey, JSON.stringify({ ...form, owner })), [form, owner]);
  return {
    form,
    change: useCallback((part: Partial<CheckoutForm>) => setForm((f) => inStep({ ...f, ...part })), []),
    /** The order has left the form (sent, or waiting in the outbox): the next one starts afresh. */
    done: () => sessionStorage.removeItem(storageKey),
  };
};

/** While «Я получатель» is ticked the recipient is the sender, whatever is typed into the sender's fields. */
export const inStep = (form: CheckoutForm): CheckoutForm => (form.recipientIsSender ? { ...form, recipient: { ...form.sender } } : form);

/** The draft the device submits: lines without prices, phones as digits (the schema strips the mask). */
export const draftFrom = (form: CheckoutForm, lines: Cart['cart']) => ({
  id: form.draftId,
  lines: Object.values(lines).map((e) => ({ id: e.id, count: e.count, ...(e.letterSize ? { letterSize: e.letterSize } : {}) })),
  sender: form.sender,
  recipient: form.recipient,
  delivery: form.method === 'pickup' ? { method: form.method } : { method: form.method, address: form.address, ...(form.askRecipient ? { askRecipient: true } : {}) },
  date: form.date,
  slot: form.slot || undefined,
  postcard: form.postcard,
  anonymous: form.anonymous,
  comment: form.comment,
  payment: form.payment,
});
