import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { deliverySlots } from '../schema/studio/orders/order';
import { orderTitle } from '../schema/studio/orders/order-number';
import type { Product } from '../schema/shop/product';
import type { ShopConfig } from '../server/config';
import { startAtolStandIn } from '../server/testing/atol-stand-in';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { openStaffScreen } from './admin-journeys';

/** Issue 30 on a 390 px phone: a counter sale paid by card shows its fiscal receipt registered on the order page. */
describe('a counter sale’s receipt on the order page', () => {
  const settings: Partial<ShopConfig> = { receiptsEveryMs: 200 };
  let atol: Awaited<ReturnType<typeof startAtolStandIn>>;
  beforeAll(async () => {
    atol = await startAtolStandIn();
    Object.assign(settings, { receipts: { provider: 'atol', apiUrl: atol.apiUrl, login: atol.login, password: atol.password, group: atol.group } });
  });
  const journey = journeyPerFile(settings, { serviceWorker: false });
  afterAll(() => atol?.close());

  it('shows «Чек зарегистрирован» once a slow register took it, one document at the register', async () => {
    const { shop } = journey();
    const [florist, manager] = await Promise.all([signIn(shop.url, demoPhones.florist), signIn(shop.url, demoPhones.manager)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const { updatedAt: _u, ...bouquet } = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 1)!;
    await call(shop.url, '/api/items/update', { ...bouquet, count: 50 }, manager);
    const id = `sale-${crypto.randomUUID()}`;
    const buyer = { phone: '', name: '' };
    const draft = { id, source: 'showcase', customer: buyer, sender: buyer, recipient: buyer, lines: [{ id: bouquet.id, count: 1 }], delivery: { method: 'pickup' }, date: today(), slot: deliverySlots[deliverySlots.length - 1], payment: 'card' };
    atol.hangFor(1500);
    atol.trouble('timeout');
    const made = await call<{ outcome: { note?: string } }>(shop.url, '/api/orders/command', { id: `new-${id}`, order: id, action: { kind: 'create', draft } }, florist);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await call(shop.url, '/api/orders/command', { id: `pay-${id}`, order: id, action: { kind: 'payment', status: 'paid', method: 'card' } }, florist)).status).toBe(200);
    const number = (await shop.shop.storage.db('orders').get<{ number: number }>(id)).number;

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.manager, `/admin/orders/${number}`, { name: orderTitle(number), level: 1 }, { width: 390, height: 844 });
    const receipts = page.getByRole('list', { name: 'Чеки' });
    await receipts.getByText(/^Чек зарегистрирован \(ФП \d+\)$/).waitFor({ timeout: 30_000 });
    expect(await receipts.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => receipts.getByRole('listitem').first().textContent()).toMatch(/^Продажа · [\d\s ]+,00 ₽ — Чек зарегистрирован/);
    expect(atol.documents().filter((d) => d.externalId.includes(id))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
