import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { today } from '../../schema/shared/day';
import { writeOffSnapshotElementId } from '../../schema/studio/orders/staff-snapshot-ids';
import { writeOffSnapshot } from '../../schema/studio/stock/write-off-snapshot';
import { recordSaver } from '../testing/record-saver';
import { jsonScriptOf } from '../testing/drawn-pages';

const snapshotOf = (html: string) => jsonScriptOf(html, writeOffSnapshotElementId, writeOffSnapshot);

/**
 * The write-off form's first content (issue 32, item 1): the page of /admin/slips/new carries what a florist chooses
 * from (active warehouses and flowers, the units' and reasons' lists, balances, prices, how often each flower went),
 * for whoever may write a write-off only, so the form shows before the device's store has opened and pulled.
 */
describe('the write-off form’s choices in the page', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const ids: Record<string, string> = {};
  const get = async (path: string, cookie?: string) => {
    const res = await fetch(shop.url + path, { headers: cookie ? { cookie } : {} });
    return { html: await res.text(), cache: res.headers.get('cache-control') };
  };
  beforeAll(async () => {
    if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: npx vite build first (npm test does it)');
    shop = await startTestShop();
    const manager = await signIn(shop.url, demoPhones.manager);
    const made = recordSaver(shop.url, manager);
    ids.cold = await made('warehouses', { name: 'Холодильник у окна' });
    ids.shut = await made('warehouses', { name: 'Старый склад', active: false });
    ids.rose = await made('flowers', { name: 'Роза', variety: 'Freedom', unit: 'pcs', price: 250 });
    ids.gone = await made('flowers', { name: 'Лизиантус', unit: 'pcs', active: false });
    await made('invoices', { day: today(), warehouse: ids.cold, lines: [{ flower: ids.rose, qty: 20, price: 90 }], status: 'posted' });
    await made('slips', { day: today(), warehouse: ids.cold, lines: [{ flower: ids.rose, qty: 2, reason: 'wilted', cost: 90 }] });
  });
  afterAll(() => shop?.close());

  it('gives a florist the active choices, balances, prices and uses, for no shared cache', async () => {
    const { html, cache } = await get('/admin/slips/new', await signIn(shop.url, demoPhones.florist));
    const drawn = snapshotOf(html);
    expect(cache).toBe('private, no-cache');
    const listed = new Set(drawn?.records.map((r) => r.id));
    expect([ids.cold, ids.rose].every((id) => listed.has(id))).toBe(true);
    expect([ids.shut, ids.gone].some((id) => listed.has(id))).toBe(false);
    expect(drawn?.records.some((r) => r.type === 'invoice' || r.type === 'slip')).toBe(false);
    expect(drawn?.stock.balances).toContainEqual({ flower: ids.rose, warehouse: ids.cold, qty: 18 });
    expect(drawn?.stock.prices.find((p) => p.flower === ids.rose)).toMatchObject({ average: 90 });
    expect(drawn?.uses.find((u) => u.flower === ids.rose)).toMatchObject({ times: 1 });
  });

  it('gives a guest, a customer and another address nothing', async () => {
    for (const cookie of [undefined, await signIn(shop.url, '79005550101')]) expect(snapshotOf((await get('/admin/slips/new', cookie)).html)).toBeNull();
    expect(snapshotOf((await get('/admin/slips', await signIn(shop.url, demoPhones.florist))).html)).toBeNull();
  });
});
