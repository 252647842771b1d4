import { z } from 'zod';
import { day } from '../shared/day';
import { defineEntity } from '../shared/entity';
import { paymentMethod, paymentMethods } from '../studio/orders/order';
import { reference } from '../shared/reference';

/**
 * A payment to a supplier against a posted invoice (/admin/debts): the invoice is a fact once posted and its `paid`
 * stays what was paid when it was entered, so what is paid later is a fact of its own. What the studio still owes on
 * an invoice is its total less its `paid` less these payments (schema/studio/clients/debts.ts).
 */
export const supplierPayment = defineEntity({
  type: 'supplierPayment',
  path: 'supplier-payments',
  screen: '/admin/invoices',
  labels: {
    one: 'Оплата поставщику',
    many: 'Оплаты поставщикам',
    create: 'Новая оплата поставщику',
    fields: { invoice: 'Накладная', day: 'Дата', amount: 'Сумма, ₽', method: 'Способ', note: 'Заметка' },
    values: { method: Object.fromEntries(paymentMethods.map((m) => [m.id, m.label])) },
  },
  tier: 'office',
  write: 'fact',
  // Florists see on their devices what is paid on an invoice; money to suppliers is a manager's to pay.
  access: { read: 'florist', create: 'manager', update: 'manager', delete: null },
  fields: z.strictObject({
    /** The invoice's record id. */
    invoice: reference('invoice', 'Выберите накладную'),
    day,
    amount: z.number({ error: 'Сумма — число рублей' }).positive('Сумма должна быть больше нуля').max(100_000_000, 'Слишком большая сумма').multipleOf(0.01, 'Сумма — рубли и копейки'),
    method: paymentMethod.default('transfer'),
    note: z.string().trim().max(500, 'Заметка длиннее 500 символов').default(''),
  }),
  list: { columns: ['day', 'invoice', 'amount', 'method', 'note'], search: ['note', 'invoice'], sort: 'day', filters: ['method'] },
  example: { invoice: 'invoice-0001', day: '2026-11-25', amount: 4775, method: 'transfer', note: 'Платёжка 112' },
  title: (p) => `Оплата ${p.amount} ₽ от ${p.day}`,
  day: (p) => p.day,
  version: 1,
  // A fact: nobody changes it, so there is never anything to merge.
  merge: (server) => server.data,
});
