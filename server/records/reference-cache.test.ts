import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flower } from '../../schema/entities/flower';
import { slip } from '../../schema/entities/slip';
import { today } from '../../schema/shared/day';
import type { OfficeRecord } from '../../schema/shared/record';
import { pushNew, type Writer } from '../testing/both-paths';
import { call, demoPhones, signIn, startTwoShops } from '../testing/test-shop';

/**
 * Each app server judges a push's references by its own copy of the office's reference records (reference-cache.ts),
 * which its live changes feed keeps warm. The feeds are held here, so the copy on B is as stale as it can be: B must
 * still refuse a flower that A switched off or deleted a moment before, as a read of the store would.
 */
describe('the reference copy of one app server never accepts what another has just changed', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  beforeAll(async () => {
    shops = await startTwoShops();
  });
  afterAll(async () => {
    shops?.couch.holdFeeds(false);
    await shops?.close();
  });

  it('a flower switched off, then deleted through A, is refused in a push through B whose feed has not brought either', async () => {
    const { a, b, couch } = shops;
    const admin = await signIn(a.url, demoPhones.admin);
    const florist: Writer = { cookie: await signIn(b.url, demoPhones.florist), phone: demoPhones.florist };
    const made = await call<{ data: OfficeRecord }>(a.url, '/api/flowers/update', { data: { ...flower.example, name: 'Роза двух серверов' } }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rose = made.body.data;
    const day = today(new Date());
    const stocked = await call(a.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: rose.id, qty: 50, unit: 'pcs', price: 40 }] } }, admin);
    expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
    const writeOff = () => pushNew(b.url, slip, { day, warehouse: 'warehouse-cold', lines: [{ flower: rose.id, qty: 1, reason: 'wilted', cost: 0 }], order: '', note: '' }, florist);

    // B's copy holds the rose, switched on: its write-off is stored.
    const first = await writeOff();
    expect(first.row, JSON.stringify(first.row)).toMatchObject({ ok: true });

    couch.holdFeeds(true);
    const off = await call<{ data: OfficeRecord }>(a.url, '/api/flowers/update', { id: rose.id, updatedAt: rose.updatedAt, data: { ...rose.data, active: false } }, admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const whileOff = await writeOff();
    expect(whileOff.row, JSON.stringify(whileOff.row)).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/Роза двух серверов.*не используется/) });

    const removed = await call(a.url, '/api/flowers/delete', { id: rose.id }, admin);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const afterDelete = await writeOff();
    expect(afterDelete.row, JSON.stringify(afterDelete.row)).toMatchObject({ error: 'conflict', reason: expect.stringMatching(new RegExp(`«${rose.id}» — такой записи нет`)) });
    couch.holdFeeds(false);
  });
});
