import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const event = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id, title: 'Встреча с поставщиком', type: 'event', sum: 5000, day: '2026-11-20', source: 'admin', description: '', data: {}, meta: { author: '79000000003', createdAt: 1 }, ...extra,
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
    expect(rows[1].doc).toMatchObject({ _id: 'shift-ok-1', title: 'Встреча с поставщиком' });
  });

  it('refuses old-style replication that writes revisions as given', async () => {
    const res = await db('/events/_bulk_docs', { method: 'POST', cookie: florist, body: JSON.stringify({ docs: [event('x-1', { _rev: '9-abc' })], new_edits: false }) });
    expect(res.status).toBe(400);
  });
});

describe('/db/events pushes, judged one document at a time', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const cookies: Record<'admin' | 'manager' | 'florist', string> = { admin: '', manager: '', florist: '' };
  const push = async (who: keyof typeof cookies, docs: unknown[]) => {
    const res = await fetch(`${shop.url}/db/events/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies[who] }, body: JSON.stringify({ docs }) });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; ok?: boolean; rev?: string; error?: string; reason?: string; rejected?: boolean }[];
  };
  const events = () => shop.shop.storage.db('events');
  const stored = async (id: string) => (await events().get(id, { revs: false }).catch(() => null)) as (Record<string, unknown> & { _rev: string; meta: { author: string; createdAt: number } }) | null;
  const own = (who: string, id: string, extra: Record<string, unknown> = {}) => event(id, { meta: { author: who, createdAt: 1 }, ...extra });
  const revOf = async (id: string) => (await stored(id))!._rev;

  beforeAll(async () => {
    shop = await startTestShop();
    for (const who of ['admin', 'manager', 'florist'] as const) cookies[who] = await signIn(shop.url, demoPhones[who]);
    // What the server writes for an order, and what the manager recorded: neither is the florist's to change.
    await events().put({ _id: 'order-901', source: 'shop', title: 'Заказ №901', description: '', day: '2026-11-20', type: 'order', sum: 4900, data: {}, meta: { author: '79440000001', createdAt: 5 } });
    expect((await push('manager', [own(demoPhones.manager, 'manager-sale-01')]))[0].ok).toBe(true);
  });
  afterAll(() => shop.close());

  it('signs a new event from the session and the server clock, and refuses a forged signature', async () => {
    const before = Date.now();
    const rows = await push('florist', [own(demoPhones.florist, 'florist-own-01'), own(demoPhones.manager, 'forged-author-1'), own('', 'unsigned-event1')]);
    expect(rows[0]).toMatchObject({ ok: true, id: 'florist-own-01' });
    expect(rows[1]).toMatchObject({ id: 'forged-author-1', error: 'conflict', rejected: true, reason: expect.stringMatching(/[а-я]/) });
    expect(rows[2]).toMatchObject({ ok: true, id: 'unsigned-event1' });
    expect((await stored('florist-own-01'))!.meta).toEqual({ author: demoPhones.florist, createdAt: expect.any(Number) });
    expect((await stored('florist-own-01'))!.meta.createdAt).toBeGreaterThanOrEqual(before);
    expect((await stored('unsigned-event1'))!.meta.author).toBe(demoPhones.florist);
    expect(await stored('forged-author-1')).toBeNull();
  });

  it("refuses a florist's edits and deletions of order events and of another person's event, and stores the rest of the batch", async () => {
    const orderRev = await revOf('order-901');
    const managerRev = await revOf('manager-sale-01');
    const rows = await push('florist', [
      { ...own('79440000001', 'order-901', { sum: 1, source: 'shop', type: 'order' }), _rev: orderRev },
      { _id: 'order-901', _rev: orderRev, _deleted: true },
      { ...own(demoPhones.manager, 'manager-sale-01', { sum: 1 }), _rev: managerRev },
      { _id: 'manager-sale-01', _rev: managerRev, _deleted: true },
      own(demoPhones.florist, 'order-902', { source: 'shop', type: 'order' }),
      own(demoPhones.florist, 'florist-own-02'),
    ]);
    expect(rows.slice(0, 5).map((r) => [r.id, r.error, r.rejected])).toEqual([
      ['order-901', 'conflict', true], ['order-901', 'conflict', true], ['manager-sale-01', 'conflict', true], ['manager-sale-01', 'conflict', true], ['order-902', 'conflict', true],
    ]);
    rows.slice(0, 5).forEach((r) => expect(r.reason).toMatch(/[а-я]/));
    expect(rows[5]).toMatchObject({ ok: true, id: 'florist-own-02' });
    expect((await stored('order-901'))!.sum).toBe(4900);
    expect((await stored('manager-sale-01'))!.sum).toBe(5000);
    expect(await stored('order-902')).toBeNull();
  });

  it('refuses malformed documents and tombstones one by one, never failing the batch', async () => {
    const rev = await revOf('florist-own-01');
    const rows = await push('florist', [
      { _id: 'florist-own-01', _rev: 'not-a-revision', _deleted: true },
      { _id: 'florist-own-01', _rev: rev, _deleted: 'yes' },
      { _id: 'florist-own-01', _rev: rev, _deleted: true, _attachments: { x: { data: 'aGk=' } } },
      { _id: '_design/evil', _deleted: true },
      { _id: 42, _deleted: true },
      null,
      ['not', 'a', 'document'],
      own(demoPhones.florist, 'florist-own-03'),
    ]);
    expect(rows.slice(0, 7).every((r) => r.error === 'conflict' && r.rejected && /[а-я]/i.test(r.reason ?? ''))).toBe(true);
    expect(rows[7]).toMatchObject({ ok: true, id: 'florist-own-03' });
    expect(await stored('florist-own-01')).not.toBeNull();
  });

  it('stores a deletion by its author as a tombstone without data', async () => {
    const rev = await revOf('florist-own-02');
    const [row] = await push('florist', [{ ...own(demoPhones.florist, 'florist-own-02', { title: 'Что угодно', data: { secret: 'x'.repeat(500) } }), _rev: rev, _deleted: true }]);
    expect(row).toMatchObject({ ok: true, id: 'florist-own-02' });
    const { rows } = await events().allDocs({ keys: ['florist-own-02'] });
    const tombstoneRev = (rows[0] as { value: { rev: string; deleted: boolean } }).value;
    expect(tombstoneRev.deleted).toBe(true);
    const tomb = await events().get('florist-own-02', { rev: tombstoneRev.rev });
    expect(Object.keys(tomb).sort()).toEqual(['_deleted', '_id', '_rev']);
  });

  it('lets an admin correct anyone\'s event but not an order event; a manager only their own', async () => {
    const managerRev = await revOf('manager-sale-01');
    expect((await push('admin', [{ ...own(demoPhones.manager, 'manager-sale-01', { sum: 5100 }), _rev: managerRev }]))[0]).toMatchObject({ ok: true });
    const after = await stored('manager-sale-01');
    expect(after).toMatchObject({ sum: 5100, meta: { author: demoPhones.manager } });
    const floristRev = await revOf('florist-own-03');
    expect((await push('manager', [{ _id: 'florist-own-03', _rev: floristRev, _deleted: true }]))[0]).toMatchObject({ rejected: true });
    expect((await push('admin', [{ _id: 'order-901', _rev: await revOf('order-901'), _deleted: true }]))[0]).toMatchObject({ rejected: true });
  });

  it('answers a new document over a live one as judged against the stored one: its refusal, or else a conflict', async () => {
    // A push without `_rev` is judged as new without a read (server/db/gateway-pushes.ts); one whose id is taken
    // by a live document is answered as if it had been judged against that one, and changes nothing.
    const rows = await push('florist', [
      own(demoPhones.florist, 'manager-sale-01', { sum: 1 }),
      { _id: 'order-901', _deleted: true },
      own(demoPhones.florist, 'florist-own-04'),
      own(demoPhones.florist, 'florist-own-01', { sum: 2 }),
    ]);
    expect(rows[0]).toMatchObject({ id: 'manager-sale-01', error: 'conflict', rejected: true, reason: expect.stringMatching(/другой сотрудник/) });
    expect(rows[1]).toMatchObject({ id: 'order-901', error: 'conflict', rejected: true, reason: expect.stringMatching(/сервер/) });
    expect(rows[2]).toMatchObject({ id: 'florist-own-04', ok: true });
    expect(rows[3]).toMatchObject({ id: 'florist-own-01', error: 'conflict' });
    expect(rows[3].rejected).toBeUndefined();
    expect(await stored('manager-sale-01')).toMatchObject({ meta: { author: demoPhones.manager } });
    expect(await stored('order-901')).toMatchObject({ type: 'order' });
    expect((await stored('florist-own-01'))?.sum).not.toBe(2);
  });

  it('applies the same rule to /api/events writes', async () => {
    const update = (cookie: string, body: unknown) => call<{ error?: string }>(shop.url, '/api/events/update', body, cookie);
    const { _id, ...fields } = own(demoPhones.manager, 'manager-sale-01', { sum: 1 });
    const refused = await update(cookies.florist, { ...fields, id: _id });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/[а-я]/);
    const order = await call<{ error?: string }>(shop.url, '/api/events/delete', { id: 'order-901' }, cookies.admin);
    expect(order.status).toBe(403);
    const forged = await update(cookies.florist, { ...fields, id: 'api-forged-001', meta: { author: demoPhones.admin, createdAt: 1 } });
    expect(forged.status).toBe(403);
    expect((await stored('manager-sale-01'))!.sum).toBe(5100);
    expect(await stored('order-901')).not.toBeNull();
  });
});
