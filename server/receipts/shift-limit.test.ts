import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shift } from '../../schema/entities/shift';
import { today } from '../../schema/shared/day';
import type { Receipt } from '../../schema/studio/receipts/receipt';
import { bothPaths, pushNew, type Writer } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { receiptsDb } from './receipts';

const dayMs = 24 * 3600_000;

/** A receipt made `days` ago that no register has taken (the shop has no provider: it stays queued). */
const oldReceipt = (id: string, days: number): Omit<Receipt, 'id'> & { _id: string } => {
  const at = Date.now() - days * dayMs - 60_000;
  return {
    _id: id,
    content: {
      kind: 'sale', order: `order-${id}`, mode: 'full_payment', payment: 'cash', total: 150000, customer: { email: 'shop@example.ru' }, taxSystem: 'usn_income',
      items: [{ name: 'Букет', price: 150000, quantity: 1, sum: 150000, object: 'commodity', vat: 'none' }], company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' },
    },
    state: 'queued', createdAt: at, updatedAt: at, tries: 3, nextAt: at, reason: 'касса недоступна',
  };
};

const blocked = /^Смену не закрыть: чек не зарегистрирован уже 31 день \(по 54-ФЗ — не больше 30\)/;

/** Issue 30, item 2: a receipt unregistered for 30 days blocks closing the shift, the full close and the quick one, on every path. */
describe('the shift close past the receipts’ legal limit', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const florist: Writer = { cookie: '', phone: demoPhones.florist };
  beforeAll(async () => {
    shop = await startTestShop();
    florist.cookie = await signIn(shop.url, demoPhones.florist);
    await shop.shop.storage.db(receiptsDb).put(oldReceipt('receipt:sale:old:pay-old', 31));
  }, 60_000);
  afterAll(() => shop.close());

  const close = () => ({ day: today(), opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, expectedCash: 0, expectedCard: 0, counted: { cash: 0, card: 0 } });
  bothPaths(() => shop.url, [{ name: 'a full close with a receipt unregistered for 31 days', entity: shift, data: close, writer: () => florist, refused: blocked }]);

  const quick = (id: string) => ({ id, title: 'Закрытие смены', type: 'event' as const, day: today(), sum: 48200, source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: Date.now() } });

  it('refuses the quick close through /api/events/update and a device’s push to /db/events with the same words', async () => {
    const viaApi = await call<{ error?: string }>(shop.url, '/api/events/update', quick('quick-close-limit-1'), florist.cookie);
    expect([viaApi.status, viaApi.body.error]).toEqual([400, expect.stringMatching(blocked)]);
    const { id, ...fields } = quick('quick-close-limit-2');
    const res = await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist.cookie }, body: JSON.stringify({ docs: [{ _id: id, ...fields }] }) });
    const [row] = (await res.json()) as { error?: string; reason?: string }[];
    expect(row).toMatchObject({ error: 'conflict', reason: expect.stringMatching(blocked) });
    // Other events are not held up by it.
    const other = await call(shop.url, '/api/events/update', { ...quick('not-a-close-1'), title: 'Поставка роз' }, florist.cookie);
    expect(other.status).toBe(200);
  });

  it('the list says what the screen shows; once the receipt is registered the shift closes', async () => {
    const listed = await call<{ data: { unregistered: { count: number; oldestAt?: number } } }>(shop.url, '/api/receipts/list', {}, florist.cookie);
    expect(listed.body.data.unregistered).toEqual({ count: 1, oldestAt: expect.any(Number) });
    const db = shop.shop.storage.db(receiptsDb);
    const doc = await db.get<Omit<Receipt, 'id'>>('receipt:sale:old:pay-old');
    await db.put({ ...doc, state: 'registered', fiscal: { sign: '123', fn: '1', number: '1', at: 'x' } });
    expect((await call<{ data: { unregistered: unknown } }>(shop.url, '/api/receipts/list', {}, florist.cookie)).body.data.unregistered).toEqual({ count: 0 });
    const pushed = await pushNew(shop.url, shift, close(), florist);
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
  });
});
