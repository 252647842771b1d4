import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';

const event = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id, title: 'Закрытие смены', type: 'event', sum: 5000, day: '2026-11-20', source: 'admin', description: '', data: {}, meta: { author: '79000000003', createdAt: 1 }, ...extra,
});

describe('/db gateway', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let florist: string;
  let customer: string;
  const db = (path: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${shop.url}/db${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) } });
  beforeAll(async () => {
    shop = await startTestShop();
    florist = await signIn(shop.url, demoPhones.florist);
    customer = await signIn(shop.url, '79440000001');
  });
  afterAll(() => shop.close());

  it.each([
    ['GET', '/'], ['GET', '/_all_dbs'], ['GET', '/_config'], ['PUT', '/_config/admins/evil'], ['GET', '/_node/_local/_config'],
    ['GET', '/_session'], ['POST', '/_session'], ['GET', '/_users'], ['GET', '/_utils'], ['PUT', '/newdb'], ['DELETE', '/catalog'],
    ['GET', '/catalog/_design/x'], ['PUT', '/catalog/p-001'], ['GET', '/catalog/_local/x'], ['POST', '/catalog/_revs_diff'],
    ['POST', '/catalog/_bulk_get'], ['GET', '/catalog/_security'], ['POST', '/catalog/_find'], ['GET', '/auth/_changes'], ['GET', '/users/_all_docs'],
  ])('closes %s %s', async (method, path) => {
    const res = await db(path, { method, cookie: florist, body: method === 'GET' ? undefined : '{}' });
    expect(res.status).toBe(404);
  });

  it('refuses filtered and continuous changes feeds', async () => {
    expect((await db('/catalog/_changes?filter=_selector')).status).toBe(400);
    expect((await db('/catalog/_changes?feed=continuous')).status).toBe(400);
  });

  it('lets a guest pull the catalogue with the replication calls', async () => {
    const changes = await (await db('/catalog/_changes?style=all_docs&feed=normal&include_docs=true&since=0&limit=5')).json();
    expect(changes.results).toHaveLength(5);
    expect(changes.results[0].doc).toHaveProperty('art');
    const byKeys = await (await db('/catalog/_all_docs', { method: 'POST', body: JSON.stringify({ keys: ['p-001'], include_docs: true }) })).json();
    expect(byKeys.rows[0].doc.name).toBeTruthy();
  });

  it('keeps customers out of the staff calendar', async () => {
    expect((await db('/events/_changes', { cookie: customer })).status).toBe(403);
    expect((await db('/events/_changes')).status).toBe(401);
  });

  it('stores a valid event from staff and refuses a bad one as a conflict with a reason', async () => {
    const res = await db('/events/_bulk_docs', {
      method: 'POST', cookie: florist,
      body: JSON.stringify({ docs: [event('shift-ok-1'), event('shift-bad-1', { sum: -5 }), event('shift-bad-2', { admin: true })] }),
    });
    const rows = await res.json();
    expect(rows[0]).toMatchObject({ ok: true, id: 'shift-ok-1' });
    expect(rows[1]).toMatchObject({ id: 'shift-bad-1', error: 'conflict', rejected: true });
    expect(rows[1].reason).toMatch(/[а-я]/i);
    expect(rows[2]).toMatchObject({ id: 'shift-bad-2', rejected: true });
    const stored = await shop.shop.storage.db('events').allDocs({ keys: ['shift-ok-1', 'shift-bad-1', 'shift-bad-2'] });
    expect(stored.rows.map((r) => 'value' in r && !!r.value)).toEqual([true, false, false]);
  });

  it('answers a tombstone for a refused new document so the client drops it', async () => {
    const res = await db(`/events/_all_docs?include_docs=true&keys=${encodeURIComponent(JSON.stringify(['shift-bad-1', 'shift-ok-1']))}`, { cookie: florist });
    const { rows } = await res.json();
    expect(rows[0].doc).toMatchObject({ _id: 'shift-bad-1', _deleted: true });
    expect(rows[1].doc).toMatchObject({ _id: 'shift-ok-1', title: 'Закрытие смены' });
  });

  it('refuses old-style replication that writes revisions as given', async () => {
    const res = await db('/events/_bulk_docs', { method: 'POST', cookie: florist, body: JSON.stringify({ docs: [event('x-1', { _rev: '9-abc' })], new_edits: false }) });
    expect(res.status).toBe(400);
  });
});
