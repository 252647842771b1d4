import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Row = { ok?: true; id: string; rev?: string; error?: string; reason?: string };

describe('a device push on a CouchDB whose copies split a write', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let florist: string;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url });
    florist = await signIn(shop.url, demoPhones.florist);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  const push = async (docs: object[]): Promise<Row[]> => {
    const answer = await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs }) });
    expect(answer.status).toBe(201);
    return (await answer.json()) as Row[];
  };
  const event = (title: string, rev?: string) => ({ _id: 'split-push-1', ...(rev ? { _rev: rev } : {}), title, type: 'event', sum: 0, day: '2026-11-24', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } });

  it('answers a conflict, not ok, to an edit that lost to another device’s edit of the same revision, and keeps the one that won', async () => {
    const [created] = await push([event('Приёмка цветов')]);
    expect(created).toMatchObject({ ok: true });
    const [first] = await push([event('Приёмка цветов в 9:00', created.rev)]);
    expect(first).toMatchObject({ ok: true });
    // The second device edited the same revision; on a cluster some copies take its edit, the others refuse it.
    couch.splitWrites((w) => w.db === 'events' && w.wouldConflict);
    const [second] = await push([event('Приёмка цветов в 10:00', created.rev)]);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBe(1);
    expect(second).toMatchObject({ id: 'split-push-1', error: 'conflict' });
    const stored = await shop.shop.storage.db('events').get('split-push-1', { conflicts: true });
    expect(stored).toMatchObject({ title: 'Приёмка цветов в 9:00' });
    expect(stored._conflicts ?? []).toEqual([]);
  });

  it('answers a batch row by row in its order, each document written on its own', async () => {
    const docs = Array.from({ length: 20 }, (_, i) => ({ ...event(`Задача ${i}`), _id: `split-batch-${String(i).padStart(2, '0')}` }));
    const rows = await push(docs);
    expect(rows.map((r) => [r.id, !!r.ok])).toEqual(docs.map((d) => [d._id, true]));
    const stored = await shop.shop.storage.db('events').allDocs({ keys: docs.map((d) => d._id), include_docs: true });
    expect(stored.rows.map((r) => ('doc' in r ? (r.doc as { title?: string } | null)?.title : null))).toEqual(docs.map((d) => d.title));
  });

  it('ends the lost edit even when its copy shows it only later, where it would have become the document', async () => {
    const id = 'split-push-2';
    const [created] = await push([{ ...event('Совещание'), _id: id }]);
    const [first] = await push([{ ...event('Совещание в 11:00', created.rev), _id: id }]);
    expect(first).toMatchObject({ ok: true });
    // The other device's edit of the same revision reached one copy, which shows it to others only 300 ms later.
    couch.splitWrites((w) => w.id === id && w.wouldConflict, { lagMs: 300, ranksFirst: true });
    const [second] = await push([{ ...event('Совещание в 12:00', created.rev), _id: id }]);
    couch.splitWrites(null);
    expect(second).toMatchObject({ id, error: 'conflict' });
    await new Promise((r) => setTimeout(r, 600));
    const stored = await shop.shop.storage.db('events').get(id, { conflicts: true });
    expect(stored).toMatchObject({ title: 'Совещание в 11:00' });
    expect(stored._conflicts ?? []).toEqual([]);
  });
});
