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
    couch.splitWrites((w) => w.db === 'events' && w.wouldConflict, { race: true });
    const [second] = await push([event('Приёмка цветов в 10:00', created.rev)]);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBe(1);
    expect(second).toMatchObject({ id: 'split-push-1', error: 'conflict' });
    const stored = await shop.shop.storage.db('events').get('split-push-1', { conflicts: true });
    expect(stored).toMatchObject({ title: 'Приёмка цветов в 9:00' });
    expect(stored._conflicts ?? []).toEqual([]);
  });

  it('answers a batch row by row in its order', async () => {
    const docs = Array.from({ length: 20 }, (_, i) => ({ ...event(`Задача ${i}`), _id: `split-batch-${String(i).padStart(2, '0')}` }));
    const rows = await push(docs);
    expect(rows.map((r) => [r.id, !!r.ok])).toEqual(docs.map((d) => [d._id, true]));
    const stored = await shop.shop.storage.db('events').allDocs({ keys: docs.map((d) => d._id), include_docs: true });
    expect(stored.rows.map((r) => ('doc' in r ? (r.doc as { title?: string } | null)?.title : null))).toEqual(docs.map((d) => d.title));
  });

  it('in a batch CouchDB answers 202 (one document split), judges every document: the new ones stand, the lost edit is a conflict', async () => {
    const id = 'split-push-3';
    const [created] = await push([{ ...event('Инвентаризация'), _id: id }]);
    const [first] = await push([{ ...event('Инвентаризация в 8:00', created.rev), _id: id }]);
    expect(first).toMatchObject({ ok: true });
    couch.splitWrites((w) => w.id === id && w.wouldConflict, { race: true });
    const fresh = Array.from({ length: 5 }, (_, i) => ({ ...event(`Новая задача ${i}`), _id: `split-mixed-${i}` }));
    const rows = await push([...fresh.slice(0, 2), { ...event('Инвентаризация в 9:00', created.rev), _id: id }, ...fresh.slice(2)]);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBeGreaterThan(0);
    expect(rows.map((r) => [r.id, r.ok ? 'ok' : r.error])).toEqual([...fresh.slice(0, 2).map((d) => [d._id, 'ok']), [id, 'conflict'], ...fresh.slice(2).map((d) => [d._id, 'ok'])]);
    const events = shop.shop.storage.db('events');
    expect(await events.get(id, { conflicts: true })).toMatchObject({ title: 'Инвентаризация в 8:00' });
    expect((await events.get(id, { conflicts: true }))._conflicts ?? []).toEqual([]);
    for (const d of fresh) expect(await events.get(d._id)).toMatchObject({ title: d.title });
  });

  it('ends the lost edit even when its copy shows it only later, where it would have become the document', async () => {
    const id = 'split-push-2';
    const [created] = await push([{ ...event('Совещание'), _id: id }]);
    const [first] = await push([{ ...event('Совещание в 11:00', created.rev), _id: id }]);
    expect(first).toMatchObject({ ok: true });
    // The other device's edit of the same revision reached one copy, which shows it to others only 300 ms later.
    couch.splitWrites((w) => w.id === id && w.wouldConflict, { lagMs: 300, ranksFirst: true, race: true });
    const [second] = await push([{ ...event('Совещание в 12:00', created.rev), _id: id }]);
    couch.splitWrites(null);
    expect(second).toMatchObject({ id, error: 'conflict' });
    await new Promise((r) => setTimeout(r, 600));
    const stored = await shop.shop.storage.db('events').get(id, { conflicts: true });
    expect(stored).toMatchObject({ title: 'Совещание в 11:00' });
    expect(stored._conflicts ?? []).toEqual([]);
  });
});

describe('a device push that CouchDB fails as a whole', () => {
  it('is answered 503, which the device sends again, not refused row by row (a refused new document is dropped from the device)', async () => {
    const couch = await startCouchStandIn();
    const shop = await startTestShop({ couchUrl: couch.url });
    try {
      const florist = await signIn(shop.url, demoPhones.florist);
      const push = () =>
        fetch(`${shop.url}/db/events/_bulk_docs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: florist },
          body: JSON.stringify({ docs: [{ _id: 'failed-push-1', title: 'Приёмка', type: 'event', sum: 0, day: '2026-11-24', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } }] }),
        });
      couch.failBatches(500);
      const failed = await push();
      couch.failBatches(null);
      expect(failed.status).toBe(503);
      const again = await push();
      expect(await again.json()).toMatchObject([{ ok: true, id: 'failed-push-1' }]);
    } finally {
      await shop.close();
      await couch.close();
    }
  }, 60_000);
});

describe('two devices pushing edits of one document through two app servers while a node is down', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shops: Awaited<ReturnType<typeof startTestShop>>[];
  let florist: string;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shops = [await startTestShop({ couchUrl: couch.url }), await startTestShop({ couchUrl: couch.url, seed: false })];
    florist = await signIn(shops[0].url, demoPhones.florist);
  }, 60_000);
  afterAll(async () => {
    for (const shop of shops ?? []) await shop.close();
    await couch?.close();
  });

  const push = async (base: string, doc: object): Promise<Row & { status: number }> => {
    const answer = await fetch(`${base}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    const body = (await answer.json()) as Row[] | { error: string };
    return { ...(Array.isArray(body) ? body[0] : { id: '', error: body.error }), status: answer.status };
  };
  const event = (id: string, title: string, rev?: string) => ({ _id: id, ...(rev ? { _rev: rev } : {}), title, type: 'event', sum: 0, day: '2026-11-24', source: 'admin', description: '', data: {}, meta: { author: demoPhones.florist, createdAt: 1 } });

  it('tells the device whose edit was kept to send it again (no quorum took it), and the other one of the conflict, when both edits are answered 202', async () => {
    for (let round = 0; round < 4; round++) {
      const id = `split-race-${round}`;
      const created = await push(shops[0].url, event(id, 'Букет к 10:00'));
      expect(created).toMatchObject({ ok: true });
      // Each edit reaches one of the two copies still up; both are answered 202 and leave sibling leaves.
      couch.splitWrites((w) => w.id === id && w.rev === created.rev);
      const titles = ['Букет к 11:00', 'Букет к 12:00'];
      const rows = await Promise.all(titles.map((title, i) => push(shops[i].url, event(id, title, created.rev))));
      couch.splitWrites(null);
      const stored = await shops[0].shop.storage.db('events').get<{ title: string }>(id, { conflicts: true });
      expect(stored._conflicts ?? []).toEqual([]);
      // The kept edit stands on the copies that answered, not on a quorum: its device keeps it and sends it again.
      expect(rows.map((r) => r.status).sort()).toEqual([201, 503]);
      expect(stored.title).toBe(titles[rows.findIndex((r) => r.status === 503)]);
      expect(rows.find((r) => r.status === 201)).toMatchObject({ id, error: 'conflict' });
    }
  }, 60_000);
});
