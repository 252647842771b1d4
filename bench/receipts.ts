import { atolProvider, atolReceipt } from '../server/receipts/atol';
import { ensureReceiptsViews, receiptSender, receiptsDb } from '../server/receipts/receipts';
import { startAtolStandIn } from '../server/testing/atol-stand-in';
import { startTestShop } from '../server/testing/test-shop';
import type { Receipt, ReceiptContent } from '../schema/studio/receipts/receipt';
import { row, timed } from './load';

const content = (i: number): ReceiptContent => ({
  kind: 'sale', order: `bench-order-${i}`, mode: 'full_payment', payment: 'cash', total: 150000 + i, customer: { email: 'shop@example.ru' }, taxSystem: 'usn_income',
  items: [
    { name: 'Букет из роз', price: 140000 + i, quantity: 1, sum: 140000 + i, object: 'commodity', vat: 'none' },
    { name: 'Доставка', price: 10000, quantity: 1, sum: 10000, object: 'service', vat: 'none' },
  ],
  company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' },
});

/**
 * Fiscal receipts through the queue (issue 30, item 5): `n` queued receipts taken by the sender (a lease written per
 * receipt, sent with its external_id, the report polled, the state written) until every one is registered at the
 * ATOL stand-in, beside the stand-in's raw rate: the same `sell` POSTs sent one after another with no queue.
 */
export const benchReceipts = async (n = 200) => {
  const atol = await startAtolStandIn();
  const shop = await startTestShop({ seed: false });
  const reach = { apiUrl: atol.apiUrl, login: atol.login, password: atol.password, group: atol.group };
  try {
    // The baseline first: a token, then `sell` after `sell` straight to the stand-in.
    const token = ((await (await fetch(`${atol.apiUrl}/getToken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: atol.login, pass: atol.password }) })).json()) as { token: string }).token;
    const [rawMs] = await timed(async () => {
      for (let i = 0; i < n; i++) {
        const res = await fetch(`${atol.apiUrl}/${atol.group}/sell`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(atolReceipt(`raw-${i}`, content(i))) });
        if (!res.ok) throw new Error(`stand-in answered ${res.status}`);
        await res.arrayBuffer();
      }
    });

    await ensureReceiptsViews(shop.shop.storage);
    const db = shop.shop.storage.db(receiptsDb);
    const now = Date.now();
    const queued: (Omit<Receipt, 'id'> & { _id: string })[] = Array.from({ length: n }, (_, i) => ({ _id: `receipt:sale:bench-${i}:pay`, content: content(i), state: 'queued', createdAt: now + i, updatedAt: now, tries: 0, nextAt: now }));
    await db.bulkDocs(queued);
    // everyMs 1: a sent receipt's report is due at the next round, so rounds follow one another.
    const sender = receiptSender(shop.shop.storage, atolProvider(reach), 1);
    const [queueMs] = await timed(async () => {
      for (let rounds = 0; rounds < 50; rounds++) {
        await sender.round();
        const left = await db.query('receipts/unregistered', { limit: 0 });
        if (left.total_rows === 0) return;
      }
      throw new Error('receipts not all registered after 50 rounds');
    });
    const queueRate = (n * 1000) / queueMs;
    const rawRate = (n * 1000) / rawMs;
    row(`receipts through the queue, ${n}, to registered`, `${queueRate.toFixed(0)} rcpt/s`, 'raw sell POSTs to the ATOL stand-in', `${rawRate.toFixed(0)} req/s`, queueRate / rawRate);
  } finally {
    await shop.close();
    await atol.close();
  }
};
