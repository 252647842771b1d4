import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../schema/shared/csv';
import { formatRoubles } from '../schema/shared/money';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport, watchErrors, type TestShop } from './harness';
import { contextAs, outcomeOf } from './admin-journeys';

/** A seeded month's orders, written the way the order service stores them, with what the test expects of each. */
interface Seeded {
  id: string;
  date: string;
  customer: string;
  total: number;
  cancelled: boolean;
  cost?: number;
  source: 'site' | 'phone' | 'showcase';
}

const june = (n: number) => `2025-06-${String(n).padStart(2, '0')}`;

/**
 * June 2025: 60 orders on every day of the month, some cancelled, some with an assembly slip (cost of goods), a
 * few write-offs, and May's orders before them. Numbers come from a generator with a fixed seed. The books count a
 * slip's stems at their purchase price, so each costed order's bouquet is one stem of its own flower, bought in April
 * at that cost (the slips' own `cost` is only what a device showed).
 */
const seedMonth = async (shop: TestShop): Promise<Seeded[]> => {
  let state = 21;
  const next = (n: number) => (state = (state * 48271) % 2147483647) % n;
  const seeded: Seeded[] = [];
  const orders = shop.shop.storage.db('orders');
  const office = shop.shop.storage.db('office');
  const bought: { flower: string; qty: number; price: number }[] = [{ flower: 'fl-wilted', qty: 10, price: 120 }, { flower: 'fl-broken', qty: 10, price: 200 }];
  for (let i = 0; i < 80; i++) {
    const may = i >= 60;
    const date = may ? `2025-05-${String(1 + next(31)).padStart(2, '0')}` : june(1 + next(30));
    const price = 1000 + next(60) * 100;
    const count = 1 + next(3);
    const deliveryPrice = next(2) ? 490 : 0;
    const total = price * count + deliveryPrice;
    const s: Seeded = {
      id: `analytics-seed-${String(i).padStart(4, '0')}`,
      date,
      customer: `7900300${String(next(25)).padStart(4, '0')}`,
      total,
      cancelled: next(10) === 0,
      source: (['site', 'phone', 'showcase'] as const)[next(3)],
      ...(next(3) ? { cost: 300 + next(20) * 10 } : {}),
    };
    seeded.push(s);
    await orders.put({
      _id: s.id,
      id: s.id,
      lines: [{ id: 'p-001', art: 'B-1001', name: 'Букет для аналитики', image: '', count, price, priceFactor: 1, sum: price * count }],
      sender: { name: 'Покупатель', phone: s.customer },
      recipient: { name: 'Получатель', phone: '79550009999' },
      delivery: { method: 'pickup' },
      date,
      slot: '12:00–15:00',
      postcard: '',
      anonymous: false,
      comment: '',
      payment: 'cash',
      number: 90_000 + i,
      customer: s.customer,
      deliveryPrice,
      total,
      status: s.cancelled ? 'cancelled' : 'done',
      source: s.source,
      createdAt: Date.parse(`${date}T09:00:00Z`),
      updatedAt: Date.parse(`${date}T09:00:00Z`),
      stage: 'placed',
      attempt: 0,
    });
    if (s.cost !== undefined) {
      bought.push({ flower: `fl-${s.id}`, qty: 1, price: s.cost });
      await office.put(slipDoc(`asm-${s.id}`, date, s.id, [{ flower: `fl-${s.id}`, qty: 1, reason: 'assembly', cost: 1 }]));
    }
  }
  await office.put(slipDoc('analytics-wilted-1', june(10), '', [{ flower: 'fl-wilted', qty: 5, reason: 'wilted', cost: 1 }]));
  await office.put(slipDoc('analytics-wilted-2', june(25), '', [{ flower: 'fl-broken', qty: 2, reason: 'broken', cost: 10_000_000 }]));
  await office.put({
    ...slipDoc('analytics-april-supply', '2025-04-01', '', []),
    type: 'invoice',
    data: { kind: 'supply', number: '', supplier: '', supplierName: '', day: '2025-04-01', warehouse: 'wh-main', lines: bought.map((l) => ({ ...l, unit: 'pcs' })), paid: 0, status: 'posted', note: '' },
  });
  return seeded;
};

const slipDoc = (id: string, day: string, order: string, lines: { flower: string; qty: number; reason: string; cost: number }[]) => ({
  _id: id,
  type: 'slip',
  v: 1,
  title: 'Списание',
  day,
  createdBy: demoPhones.florist,
  createdAt: 1,
  updatedBy: demoPhones.florist,
  updatedAt: 1,
  data: { day, warehouse: 'wh-main', lines, order, note: '' },
});

/**
 * /admin/analytics (issue 21, item 4): a seeded month's figures on the screen and in its CSV match totals the test
 * computes itself; a period that ends before it starts is refused in Russian; a florist may not open it.
 */
describe('analytics', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows a seeded month’s totals as the test computes them, with the chart, and exports them as CSV', async () => {
    const seeded = await seedMonth(journey().shop);
    const sold = seeded.filter((s) => !s.cancelled && s.date.startsWith('2025-06'));
    const revenue = sold.reduce((sum, s) => sum + s.total, 0);
    const withCard = sold.filter((s) => s.cost !== undefined);
    const margin = withCard.reduce((sum, s) => sum + s.total - s.cost!, 0);
    const writeOffs = 5 * 120 + 2 * 200;
    const firstOrder = new Map<string, string>();
    for (const s of seeded.filter((x) => !x.cancelled).sort((a, b) => a.date.localeCompare(b.date))) if (!firstOrder.has(s.customer)) firstOrder.set(s.customer, s.date);
    const customers = [...new Set(sold.map((s) => s.customer))];
    const newClients = customers.filter((c) => firstOrder.get(c)! >= '2025-06-01').length;
    // The previous period of June's 30 days is 2 May to 31 May.
    const mayRevenue = seeded.filter((s) => !s.cancelled && s.date >= '2025-05-02' && s.date <= '2025-05-31').reduce((sum, s) => sum + s.total, 0);

    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Аналитика' }).first().click();
    await page.getByRole('heading', { name: 'Аналитика', level: 1 }).waitFor();

    const form = page.getByRole('form', { name: 'Свой период' });
    await form.getByLabel('С').fill('2025-06-30');
    await form.getByLabel('по').fill('2025-06-01');
    await form.getByRole('button', { name: 'Показать' }).click();
    await page.getByRole('alert').filter({ hasText: 'Конец периода раньше его начала' }).waitFor();

    await form.getByLabel('С').fill('2025-06-01');
    await form.getByLabel('по').fill('2025-06-30');
    await form.getByRole('button', { name: 'Показать' }).click();
    await page.getByTestId('period').filter({ hasText: '01.06.2025 — 30.06.2025' }).waitFor();
    const tile = (label: string) => page.locator(`[data-figure="${label}"] .analytics-tile__value`);
    expect(await tile('Выручка').textContent()).toBe(formatRoubles(revenue));
    expect(await tile('Заказы').textContent()).toBe(String(sold.length));
    expect(await tile('Средний чек').textContent()).toBe(formatRoubles(Math.round(revenue / sold.length)));
    expect(await tile('Валовая маржа').textContent()).toBe(formatRoubles(margin));
    expect(await tile('Новые клиенты').textContent()).toBe(String(newClients));
    expect(await page.locator('[data-figure="Выручка"]').textContent()).toContain(`было ${formatRoubles(mayRevenue)}`);
    await page.getByRole('note').filter({ hasText: `Маржа неполная: ${sold.length - withCard.length} без техкарты` }).waitFor();
    // uPlot draws on a canvas, fetched with this screen only.
    await page.getByTestId('revenue-chart').locator('canvas').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Скачать CSV' }).click()]);
    const rows = parseCsv((await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''))!.map((r) => r.cells);
    const total = (name: string) => rows.find((r) => r[0] === 'Итоги' && r[1] === name);
    expect(total('Выручка, ₽')?.slice(2)).toEqual([String(revenue), String(mayRevenue)]);
    expect(total('Заказы')?.[2]).toBe(String(sold.length));
    expect(total('Списания, ₽')?.[2]).toBe(String(writeOffs));
    const byDay = rows.filter((r) => r[0] === 'Выручка по дням');
    expect(byDay).toHaveLength(30);
    expect(byDay.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(revenue);
    for (const source of ['Сайт', 'Телефон', 'Витрина'] as const) {
      const id = { Сайт: 'site', Телефон: 'phone', Витрина: 'showcase' }[source];
      const expected = sold.filter((s) => s.source === id).reduce((sum, s) => sum + s.total, 0);
      expect(rows.find((r) => r[0] === 'По источникам' && r[1] === source)?.[2] ?? '0').toBe(String(expected));
    }
    // The refused period never left the device: it is parsed by the schema the server parses it with, so no request failed.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone', async () => {
    const context = await contextAs(journey(), demoPhones.admin, phoneViewport);
    const page = await context.newPage();
    await page.goto('/admin/analytics');
    await page.getByRole('heading', { name: 'Аналитика', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Период' }).getByRole('link', { name: 'Год', exact: true }).click();
    await page.locator('a.chip--on', { hasText: 'Год' }).filter({ hasNotText: 'Сегодня' }).waitFor();
    await page.getByTestId('revenue-chart').locator('canvas').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Money never wraps: each sum is one line (issue 29, item 7).
    const wrapped = await page.evaluate(() =>
      [...document.querySelectorAll('.analytics-tile__value, .analytics-table td')].flatMap((e) => {
        const text = document.createRange();
        text.selectNodeContents(e);
        const lines = new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
        return lines > 1 ? [e.textContent ?? ''] : [];
      }),
    );
    expect(wrapped).toEqual([]);
    await context.close();
  });

  it('a florist opening /admin/analytics sees «Недостаточно прав»', async () => {
    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    expect((await outcomeOf(page, '/admin/analytics')).outcome).toBe('denied');
    await page.getByRole('heading', { name: 'Недостаточно прав' }).waitFor();
    expect(await page.getByText('Выручка').count()).toBe(0);
    // Nor does the server give her the figures, however asked.
    const asked = await page.request.post('/api/analytics/report', { data: { preset: 'month' } });
    expect(asked.status()).toBe(403);
    expect(((await asked.json()) as { error: string }).error).toBe('Недостаточно прав');
    await context.close();
  });
});
