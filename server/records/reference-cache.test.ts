import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../schema/shared/record';
import { flowerStockedOnTwoShops } from '../testing/stocked-flower';
import { call, startTwoShops } from '../testing/test-shop';

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
    const { a, couch } = shops;
    const { admin, rose, writeOff } = await flowerStockedOnTwoShops(shops, 'Роза двух серверов');

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

  it('a push waits for a catch-up read sent after it arrived, not for one already under way that missed a change', async () => {
    const { a, b, couch } = shops;
    // Feeds held throughout: neither app server reads the office of its own accord (a change announced is read later).
    couch.holdFeeds(true);
    const { admin, florist, rose, writeOff } = await flowerStockedOnTwoShops(shops, 'Роза позднего чтения');
    expect((await writeOff()).row).toMatchObject({ ok: true });
    // Both caught up with everything announced so far, so no read of their own is left to come.
    for (const [url, cookie] of [[a.url, admin], [b.url, florist.cookie]]) expect((await call(url, '/api/stock/balances', {}, cookie)).status).toBe(200);

    couch.holdReads('office');
    try {
      // B's catch-up read under way (its stock answer), answered as the office was before the rose was switched off.
      const balances = call(b.url, '/api/stock/balances', {}, florist.cookie);
      await expect.poll(() => couch.heldReads(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      const before = couch.heldReads();
      // Another writer switches the rose off straight in the store, while that read is still under way.
      const office = `${couch.url}office/${encodeURIComponent(rose.id)}`;
      const doc = (await (await fetch(office)).json()) as { data: Record<string, unknown> };
      const put = await fetch(office, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...doc, data: { ...doc.data, active: false } }) });
      expect(put.status).toBe(201);
      // The push arrives after the change: its own read is sent, and it must wait for that one, not the earlier one.
      const pushed = writeOff();
      await expect.poll(() => couch.heldReads(), { timeout: 30_000 }).toBeGreaterThan(before);
      couch.holdReads(null);
      expect((await pushed).row).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/Роза позднего чтения.*не используется/) });
      expect((await balances).status).toBe(200);
    } finally {
      couch.holdReads(null);
      couch.holdFeeds(false);
    }
  });
});
