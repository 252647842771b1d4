import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../schema/shared/record';
import type { AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;

/** Two app servers on one CouchDB behave as one shop: an edit race on one record has exactly one winner. */
describe('the record API on two servers sharing one CouchDB', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  beforeAll(async () => {
    shops = await startTwoShops();
    ({ a, b } = shops);
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('takes one of twenty simultaneous edits made from the same copy and refuses the rest with 409', async () => {
    const [onA, onB] = [await signIn(a.url, demoPhones.manager), await signIn(b.url, demoPhones.florist)];
    const created = await call<{ data: OfficeRecord }>(a.url, '/api/couriers/update', { data: { name: 'Пётр', phone: '79001234567' } }, onA);
    expect(created.status).toBe(200);
    const read = created.body.data;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<{ data?: OfficeRecord; error?: string }>(i % 2 ? b.url : a.url, '/api/couriers/update', { id: read.id, updatedAt: read.updatedAt, data: { ...read.data, note: `правка ${i}` } }, i % 2 ? onB : onA),
      ),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && /изменить/.test(r.body.error ?? ''))).toHaveLength(19);
    const stored = await call<{ data: OfficeRecord }>(b.url, '/api/couriers/get', { id: read.id }, onB);
    expect(stored.body.data).toEqual(won[0].body.data);
  });

  it('a card written on one server is found, renamed and gone on the other: each server’s clients index follows the shared store', async () => {
    const [onA, onB] = [await signIn(a.url, demoPhones.admin), await signIn(b.url, demoPhones.admin)];
    const names = async (search: string) =>
      (await call<{ data: { items: OfficeRecord[] } }>(b.url, '/api/clients/list', { query: { search } }, onB)).body.data.items.map((r) => r.data.name);
    const created = await call<{ data: OfficeRecord }>(a.url, '/api/clients/update', { data: { name: 'Зоя Двухсерверная', phone: '79005557001' } }, onA);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await names('двухсерв')).toEqual(['Зоя Двухсерверная']);
    const card = created.body.data;
    expect((await call(a.url, '/api/clients/update', { id: card.id, updatedAt: card.updatedAt, data: { ...card.data, name: 'Зоя Другая' } }, onA)).status).toBe(200);
    expect(await names('двухсерв')).toEqual([]);
    expect(await names('7001')).toEqual(['Зоя Другая']);
    // Both servers answer with the same report of one month, each from its own sums by day of the shared store: a
    // charge recorded on one server is in the other's next report.
    const report = (url: string, cookie: string) => call<{ data: AnalyticsReport }>(url, '/api/analytics/report', { from: '2024-06-01', to: '2024-06-30' }, cookie).then((r) => r.body);
    const before = (await report(b.url, onB)).data.month.charges;
    const charge = await call(a.url, '/api/charges/update', { data: { day: '2024-06-20', direction: 'out', category: 'couriers', amount: 800, method: 'cash', note: '' } }, onA);
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    expect((await report(b.url, onB)).data.month.charges).toBe(before + 800);
    expect(await report(b.url, onB)).toEqual(await report(a.url, onA));
  });
});
