import { z } from 'zod';
import { formatPhone, phone } from '../../../../schema/shared/phone';
import type { StudioForm } from './studio-order-form';

/** Text the router may have read as a number (a phone in `?phone=79001234567`). */
const text = (max: number) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(max).optional()).catch(undefined);

/**
 * /admin/orders/new's address: who the order starts with, so the client card's «Новый заказ» and «Заказать к дате»
 * open the form already holding the customer and the last recipient. Anything malformed is left out.
 */
export const newOrderSearch = z.object({
  name: text(100),
  phone: text(20),
  to: text(100),
  toPhone: text(20),
  address: text(300),
});
export type NewOrderSearch = z.infer<typeof newOrderSearch>;

/** A phone from the address as the field shows it (+7 (900) …), or nothing when it is not a mobile number. */
const shown = (typed: string | undefined): string => {
  const parsed = phone.safeParse(typed ?? '');
  return parsed.success ? formatPhone(parsed.data) : '';
};

/** A blank form with what the address names: the customer, the recipient and the address (a courier order then). */
export const prefilled = (form: StudioForm, s: NewOrderSearch): StudioForm => ({
  ...form,
  customer: { name: s.name ?? form.customer.name, phone: shown(s.phone) || form.customer.phone },
  recipient: { name: s.to ?? form.recipient.name, phone: shown(s.toPhone) || form.recipient.phone },
  ...(s.address ? { method: 'courier' as const, address: s.address } : {}),
});
