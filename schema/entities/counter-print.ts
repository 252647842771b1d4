import { defineEntity } from '../shared/entity';
import { counterPrintData, type CounterPrint } from '../studio/receipts/counter-print';

const furthest: Record<CounterPrint['state'], number> = { queued: 0, failed: 1, printed: 2 };

/**
 * A counter sale's receipt a staff device printed through the register's driver while the server was away (issue 30,
 * item 2; the rule in schema/studio/receipts/counter-print.ts). Its id is the driver's uuid of the receipt; the device
 * writes it and its outcome, the server records a printed one as registered in its queue and writes `known` back (or `refused`: a payment not taken
 * at the counter, never registered).
 */
export const counterPrint = defineEntity({
  type: 'counterPrint',
  path: 'counter-prints',
  // Shown on the sale it belongs to, never as a list of its own.
  screen: '/admin/orders',
  labels: {
    one: 'Чек с кассы',
    many: 'Чеки с кассы',
    create: 'Новый чек с кассы',
    fields: { receipt: 'Чек', order: 'Заказ', content: 'Содержание', state: 'Состояние', tries: 'Попыток', nextAt: 'Следующая попытка', fiscal: 'Фискальный признак', reason: 'Причина', known: 'Сервер знает', refused: 'Сервер не принял' },
  },
  tier: 'office',
  write: 'record',
  access: { read: 'florist', create: 'florist', update: 'florist', delete: 'admin' },
  fields: counterPrintData,
  list: { columns: ['order', 'state'], search: ['order'], sort: 'order' },
  example: {
    receipt: 'receipt:sale:a1b2c3d4e5f6g7h8:p1b2c3d4e5f6g7h8', order: 'a1b2c3d4e5f6g7h8', state: 'queued', tries: 0, nextAt: 0,
    content: {
      kind: 'sale', order: 'a1b2c3d4e5f6g7h8', mode: 'full_payment', payment: 'cash', total: 350000, taxSystem: 'usn_income', customer: { email: 'shop@example.ru' },
      items: [{ name: 'Букет', price: 350000, quantity: 1, sum: 350000, object: 'commodity', vat: 'none' }],
      company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' },
    },
  },
  title: (p) => `Чек с кассы: ${p.order}`,
  version: 1,
  // A print only moves forward (printed stays printed, whichever device said it), and what the server wrote (`known`, `refused`) stays.
  merge: (server, mine) => {
    const ahead = furthest[mine.data.state] > furthest[server.data.state] || (mine.data.state === server.data.state && mine.updatedAt > server.updatedAt) ? mine.data : server.data;
    const known = server.data.known ?? mine.data.known;
    const refused = server.data.refused ?? mine.data.refused;
    return { ...ahead, ...(known !== undefined ? { known } : {}), ...(refused !== undefined ? { refused } : {}) };
  },
});
