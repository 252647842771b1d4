import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { CommandOutcome, OrderAction } from '../../schema/studio/orders/order-command';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { draftOf } from '../testing/order-rush';
import { startServerProcess, testEnv } from '../testing/server-process';
import { call, demoPhones, signIn } from '../testing/test-shop';

const customer = '79440000301';
const startProcess = (couchUrl: string) => startServerProcess({ ...testEnv, COUCHDB_URL: couchUrl });

/** Two app servers on one CouchDB, as production runs them: each follows the office database and takes commands. */
describe('order commands on two server processes', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Awaited<ReturnType<typeof startProcess>>;
  let b: Awaited<ReturnType<typeof startProcess>>;
  let florist: string;
  let me: string;
  let bouquet: string;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    a = await startProcess(couch.url);
    b = await startProcess(couch.url);
    [florist, me] = await Promise.all([signIn(a.url, demoPhones.florist), signIn(a.url, customer)]);
    const { body } = await call<{ data: { items: Product[] } }>(a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!.id;
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await couch?.close();
  });

  const place = async (count = 1) => {
    const placed = await call<{ data: Order }>(a.url, '/api/orders/create', { ...draftOf(customer, [{ id: bouquet, count }]), date: nextDay(today()) }, me);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };
  const stored = async (url: string, id: string) =>
    (await call<{ data: { items: Order[] } }>(url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  const countOf = async (url: string) => (await call<{ data: Product }>(url, '/api/items/get', { id: bouquet })).body.data.count;
  const send = (url: string, order: string, action: OrderAction, id = `cmd-${crypto.randomUUID()}`) =>
    call<{ error?: string; outcome?: CommandOutcome }>(url, '/api/orders/command', { id, order, action }, florist);

  it('applies a command pushed through one server once, though both follow the office database; its outcome reaches the other', async () => {
    const o = await place();
    const now = Date.now();
    const id = `cmd-${crypto.randomUUID()}`;
    const doc = {
      _id: id, type: 'orderCommand', v: 1, title: 'Статус', createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { order: o.id, action: { kind: 'status', from: 'new', to: 'assembling' } },
    };
    const pushed = await fetch(`${a.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(((await pushed.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
    let outcome: CommandOutcome | undefined;
    for (let i = 0; i < 1000 && !outcome; i++) {
      outcome = ((await (await fetch(`${b.url}/db/office/${id}`, { headers: { cookie: florist } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
      if (!outcome) await new Promise((r) => setTimeout(r, 20));
    }
    expect(outcome).toMatchObject({ ok: true });
    const after = await stored(b.url, o.id);
    expect(after.status).toBe('assembling');
    expect(after.history?.filter((h) => h.command === id)).toHaveLength(1);
  }, 60_000);

  it('applies two steps in the order made when the later one reaches one server before the earlier one reaches the other', async () => {
    const o = await place();
    const now = Date.now();
    const command = (id: string, createdAt: number, from: string, to: string, follows?: string) => ({
      _id: id, type: 'orderCommand', v: 1, title: 'Статус', createdBy: demoPhones.florist, createdAt, updatedBy: demoPhones.florist, updatedAt: createdAt,
      data: { order: o.id, action: { kind: 'status', from, to }, ...(follows ? { follows } : {}) },
    });
    const push = async (url: string, doc: object) => {
      const pushed = await fetch(`${url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
      expect(((await pushed.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
    };
    const [first, second] = [`cmd-${crypto.randomUUID()}`, `cmd-${crypto.randomUUID()}`];
    await push(a.url, command(second, now + 1, 'confirmed', 'assembling', first));
    await push(b.url, command(first, now, 'new', 'confirmed'));
    const outcomeOf = async (id: string) => ((await (await fetch(`${a.url}/db/office/${id}`, { headers: { cookie: florist } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
    await expect.poll(async () => [await outcomeOf(first), await outcomeOf(second)], { timeout: 30_000, interval: 100 }).toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
    expect((await stored(b.url, o.id)).history?.map((h) => [h.command, h.after.status])).toEqual([
      [first, 'confirmed'],
      [second, 'assembling'],
    ]);
  }, 60_000);

  it('decides a step at once when the step it follows was refused at push through the other server', async () => {
    const o = await place();
    const now = Date.now();
    const [first, second] = [`cmd-${crypto.randomUUID()}`, `cmd-${crypto.randomUUID()}`];
    const push = async (url: string, doc: object) => {
      const pushed = await fetch(`${url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs: [doc] }) });
      return ((await pushed.json()) as { ok?: boolean; rejected?: boolean }[])[0];
    };
    const envelope = { type: 'orderCommand', v: 1, title: 'Статус', updatedBy: demoPhones.florist };
    // The later step lands first and waits; the earlier one, signed by another staff member, is refused by the other server.
    expect(await push(a.url, { ...envelope, _id: second, createdBy: demoPhones.florist, createdAt: now + 1, updatedAt: now + 1, data: { order: o.id, action: { kind: 'status', from: 'new', to: 'confirmed' }, follows: first } })).toMatchObject({ ok: true });
    expect(await push(b.url, { ...envelope, _id: first, createdBy: demoPhones.manager, createdAt: now, updatedAt: now, data: { order: o.id, action: { kind: 'status', from: 'new', to: 'cancelled', reason: 'Клиент отказался' } } })).toMatchObject({ rejected: true });
    const outcomeOf = async (id: string) => ((await (await fetch(`${a.url}/db/office/${id}`, { headers: { cookie: florist } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
    // Well inside the two minutes a server waits for a step still on its way (orderWaitMs).
    await expect.poll(() => outcomeOf(second), { timeout: 30_000, interval: 100 }).toMatchObject({ ok: true });
    expect((await stored(b.url, o.id)).history?.map((h) => [h.command, h.after.status])).toEqual([[second, 'confirmed']]);
  }, 60_000);

  it('cancels once when the same and other cancellations reach both servers at once: stock comes back once', async () => {
    const start = await countOf(a.url);
    const o = await place(2);
    expect(await countOf(b.url)).toBe(start - 2);
    const id = `cmd-${crypto.randomUUID()}`;
    const cancel = { kind: 'status', from: 'new', to: 'cancelled', reason: 'Клиент отказался' } as const;
    const answers = await Promise.all([send(a.url, o.id, cancel, id), send(b.url, o.id, cancel, id), send(a.url, o.id, cancel), send(b.url, o.id, cancel)]);
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    expect(await countOf(a.url)).toBe(start);
    expect(await countOf(b.url)).toBe(start);
    const after = await stored(a.url, o.id);
    expect(after.history?.filter((h) => h.after.status === 'cancelled')).toHaveLength(1);
  }, 60_000);

  it('keeps a photo in CouchDB: taken through one server, served by the other', async () => {
    const o = await place();
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const taken = await call<{ data: Order }>(a.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: o.id, action: { kind: 'photo', image: `data:image/png;base64,${png}` } }, florist);
    expect(taken.status).toBe(200);
    const served = await fetch(b.url + taken.body.data.photo!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
  }, 60_000);

  it('takes one of two edits made from the same copy on two servers; the other is stale, and stock follows the one taken', async () => {
    const start = await countOf(a.url);
    const o = await place(1);
    const answers = await Promise.all([
      send(a.url, o.id, { kind: 'edit', seenUpdatedAt: o.updatedAt, lines: [{ id: bouquet, count: 2 }] }),
      send(b.url, o.id, { kind: 'edit', seenUpdatedAt: o.updatedAt, lines: [{ id: bouquet, count: 3 }] }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const after = await stored(b.url, o.id);
    expect(await countOf(a.url)).toBe(start - after.lines[0].count);
  }, 60_000);
});
