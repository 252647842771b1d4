import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../schema/shared/record';
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
});
