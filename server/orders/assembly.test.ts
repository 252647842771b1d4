import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import { assemblySlipId, slip } from '../../schema/entities/slip';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { assembly } from './assembly';
import { recordFromDoc } from './order-record';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';
import { techCardStudio as studio } from '../testing/tech-card-studio';

describe('an order assembled by tech card', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof studio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    s = await studio(shop.url);
  });
  afterAll(() => shop.close());

  it('takes its stems once when it becomes «Собирается», costed, whatever is repeated or moved after', async () => {
    const o = await s.place();
    expect(await s.slipsOf(o.id)).toEqual([]);
    const assemble = `cmd-${crypto.randomUUID()}`;
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'assembling' }, assemble)).status).toBe(200);
    const [taken, ...more] = await s.slipsOf(o.id);
    expect(more).toEqual([]);
    expect(taken.id).toBe(assemblySlipId(o.id));
    expect(taken.createdBy).toBe(demoPhones.florist);
    expect(taken.data).toMatchObject({
      warehouse: s.cold,
      order: o.id,
      lines: [
        { flower: s.rose, qty: 30, reason: 'assembly', cost: 90 },
        { flower: s.euc, qty: 6, reason: 'assembly', cost: 40.5 },
      ],
    });
    expect([await s.balance(s.rose), await s.balance(s.euc)]).toEqual([70, 14]);

    // The same command again, a step back (a mis-tap) and forward again, then on to the courier: nothing more leaves.
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'assembling' }, assemble)).status).toBe(200);
    expect((await s.send(o.id, { kind: 'status', from: 'assembling', to: 'confirmed' })).status).toBe(200);
    expect((await s.send(o.id, { kind: 'status', from: 'confirmed', to: 'assembling' })).status).toBe(200);
    expect((await s.send(o.id, { kind: 'status', from: 'assembling', to: 'ready' })).status).toBe(200);
    expect(await s.slipsOf(o.id)).toHaveLength(1);
    expect([await s.balance(s.rose), await s.balance(s.euc)]).toEqual([70, 14]);

    // Cancelled after assembly (a manager may): the stems were used, the act stands.
    expect((await s.send(o.id, { kind: 'status', from: 'ready', to: 'cancelled', reason: 'Клиент отказался' }, undefined, s.manager)).status).toBe(200);
    expect(await s.slipsOf(o.id)).toHaveLength(1);
    expect(await s.balance(s.rose)).toBe(70);
  });

  it('takes the stems of an order whose id is as long as an id may be, under a slip id that is valid', async () => {
    const o = await s.place(undefined, `long-${crypto.randomUUID()}-${crypto.randomUUID()}`.slice(0, 64));
    expect(o.id).toHaveLength(64);
    const before = await s.balance(s.rose);
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    const [taken, ...more] = await s.slipsOf(o.id);
    expect(more).toEqual([]);
    expect(taken.id).toBe(assemblySlipId(o.id));
    expect(officeRecord.shape.id.safeParse(taken.id).success).toBe(true);
    expect(await s.balance(s.rose)).toBe(before - 30);
  });

  it('takes nothing for an order cancelled before assembly, nor for one without a tech-card bouquet', async () => {
    const before = [await s.balance(s.rose), await s.balance(s.euc)];
    const cancelled = await s.place();
    expect((await s.send(cancelled.id, { kind: 'status', from: 'new', to: 'confirmed' })).status).toBe(200);
    expect((await s.send(cancelled.id, { kind: 'status', from: 'confirmed', to: 'cancelled', reason: 'Клиент отказался' })).status).toBe(200);
    const plain = await s.place([{ id: s.vase.id, count: 1 }]);
    expect((await s.send(plain.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    expect([...(await s.slipsOf(cancelled.id)), ...(await s.slipsOf(plain.id))]).toEqual([]);
    expect([await s.balance(s.rose), await s.balance(s.euc)]).toEqual(before);
  });

  it('is the server’s alone: a florist’s write-off line «Сборка заказа» is refused through the API and from a phone, the server’s own act stays readable', async () => {
    const o = await s.place();
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    const before = await s.balance(s.rose);
    const fake = (order: string) => ({ day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 1, reason: 'wilted' }, { flower: s.rose, qty: 40, reason: 'assembly' }], order, note: '' });

    const api = await call<{ error: string }>(shop.url, '/api/slips/update', { data: fake(o.id) }, s.florist);
    expect([api.status, api.body.error]).toEqual([400, 'Акт списания: Строки, строка 2 — значение «Сборка заказа» ставит только сервер']);

    const now = Date.now();
    const doc = { _id: 'slip-fake-assembly', type: slip.type, v: slip.version, title: 'Списание', day: today(), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data: fake('') };
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: s.florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(res.status).toBe(201);
    const [row] = (await res.json()) as { ok?: boolean; error?: string; reason?: string }[];
    expect([row.error, row.reason]).toEqual(['conflict', 'Акт списания: Строки, строка 2 — значение «Сборка заказа» ставит только сервер']);
    expect(await s.balance(s.rose)).toBe(before);

    // The act the server wrote is read as before, by the API and the office's pull.
    const [taken] = await s.slipsOf(o.id);
    const read = await call<{ data: OfficeRecord }>(shop.url, '/api/slips/get', { id: taken.id }, s.florist);
    expect(read.status).toBe(200);
    expect(read.body.data.data).toMatchObject({ order: o.id, lines: [{ reason: 'assembly' }, { reason: 'assembly' }] });
  });

  it('is not forestalled: a florist’s act under the assembly’s id, or naming an order, is refused and the server still takes the stems', async () => {
    // The orders above used most of the roses; the shop sells only what the stems make.
    await s.restock();
    const o = await s.place();
    const now = Date.now();
    const act = (id: string, order: string) => ({
      _id: id, type: slip.type, v: slip.version, title: 'Списание', day: today(), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 1, reason: 'wilted' }], order, note: '' },
    });
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: s.florist }, body: JSON.stringify({ docs: [act(assemblySlipId(o.id), ''), act('slip-names-an-order', o.id)] }) });
    const rows = (await res.json()) as { ok?: boolean; error?: string; reason?: string }[];
    const reason = 'Акт списания: Акт сборки заказа записывает только сервер, когда заказ начинают собирать';
    expect(rows.map((r) => [r.error, r.reason])).toEqual([['conflict', reason], ['conflict', reason]]);
    const api = await call<{ error: string }>(shop.url, '/api/slips/update', { data: act('x', o.id).data }, s.florist);
    expect([api.status, api.body.error]).toEqual([400, 'Акт списания: Акт сборки заказа записывает только сервер, когда заказ начинают собирать']);

    const before = await s.balance(s.rose);
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    const [taken, ...more] = await s.slipsOf(o.id);
    expect(more).toEqual([]);
    expect(taken).toMatchObject({ id: assemblySlipId(o.id), data: { lines: [{ reason: 'assembly', qty: 30 }, { reason: 'assembly' }] } });
    expect(await s.balance(s.rose)).toBe(before - 30);
  });

  it('takes the stems of a counter sale that skips straight to «Доставлен»', async () => {
    const before = await s.balance(s.rose);
    const o = await s.place([{ id: s.bouquet.id, count: 1 }]);
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'done' })).status).toBe(200);
    expect(await s.balance(s.rose)).toBe(before - 15);
  });
});

describe('a tech card that includes itself', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof studio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    s = await studio(shop.url);
  });
  afterAll(() => shop.close());

  const card = (name: string, lines: unknown[]) => ({ name, warehouse: s.cold, lines });

  it('is refused by the record API, directly or through other cards, and nothing is stored', async () => {
    const a = await s.save('products', card('A', [{ flower: s.rose, qty: 1 }]), s.florist);
    const b = await s.save('products', card('B', [{ card: a, qty: 1 }]), s.florist);
    const read = async (id: string) => (await call<{ data: OfficeRecord }>(shop.url, '/api/products/get', { id }, s.florist)).body.data;
    const before = await read(a);
    const direct = await call<{ error: string }>(shop.url, '/api/products/update', { id: a, updatedAt: before.updatedAt, data: card('A', [{ card: a, qty: 1 }]) }, s.florist);
    expect([direct.status, direct.body.error]).toEqual([400, 'Техкарта не может включать саму себя']);
    const through = await call<{ error: string }>(shop.url, '/api/products/update', { id: a, updatedAt: before.updatedAt, data: card('A', [{ card: b, qty: 2 }]) }, s.florist);
    expect([through.status, through.body.error]).toEqual([400, 'Техкарта включает саму себя через «B»: уберите эту строку']);
    const halves = await call<{ error: string }>(shop.url, '/api/products/update', { data: card('C', [{ flower: s.rose, qty: 1.5 }]) }, s.florist);
    expect([halves.status, halves.body.error]).toEqual([400, 'Штуки считают целыми']);
    expect(await read(a)).toEqual(before);
  });

  it('is refused on a push to /db/office as a conflict with the reason, and the rest of the batch is stored', async () => {
    const now = Date.now();
    const doc = (id: string, lines: unknown[]) => ({
      _id: id, type: 'techCard', v: 1, title: id, createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { name: id, art: '', warehouse: s.cold, lines, markup: 150, price: 0, product: '', active: true, note: '' },
    });
    const push = await fetch(`${shop.url}/db/office/_bulk_docs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: s.florist },
      // x and y made offline on one device, each including the other; z plain.
      body: JSON.stringify({ docs: [doc('card-x-0001', [{ card: 'card-y-0001', qty: 1 }]), doc('card-y-0001', [{ card: 'card-x-0001', qty: 1 }]), doc('card-z-0001', [{ flower: s.rose, qty: 3 }])] }),
    });
    const rows = (await push.json()) as { id: string; ok?: boolean; error?: string; reason?: string }[];
    expect(rows.map((r) => [r.id, r.ok ?? r.error])).toEqual([['card-x-0001', true], ['card-y-0001', 'conflict'], ['card-z-0001', true]]);
    expect(rows[1].reason).toBe('Техкарта включает саму себя через «card-x-0001»: уберите эту строку');
  });
});

describe('assembly on two app servers sharing one store', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let s: Awaited<ReturnType<typeof studio>>;
  beforeAll(async () => {
    shops = await startTwoShops();
    s = await studio(shops.a.url);
  }, 120_000);
  afterAll(async () => {
    await shops?.close();
  });

  it('takes the stems once when both servers get the same command and rival ones at once', async () => {
    const o = await s.place();
    const floristOnB = await signIn(shops.b.url, demoPhones.florist);
    const id = `cmd-${crypto.randomUUID()}`;
    const move = { kind: 'status', from: 'new', to: 'assembling' } as const;
    const onB = (cmd = `cmd-${crypto.randomUUID()}`) => call(shops.b.url, '/api/orders/command', { id: cmd, order: o.id, action: move }, floristOnB);
    const answers = await Promise.all([s.send(o.id, move, id), onB(id), s.send(o.id, move), onB(), s.send(o.id, move), onB()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await s.slipsOf(o.id)).toHaveLength(1);
    expect([await s.balance(s.rose), await s.balance(s.euc)]).toEqual([70, 14]);
  }, 60_000);
});

describe('assembly on a CouchDB cluster whose copies disagree', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Awaited<ReturnType<typeof startTestShop>>;
  let b: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof studio>>;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    a = await startTestShop({ couchUrl: couch.url });
    b = await startTestShop({ couchUrl: couch.url, seed: false });
    s = await studio(a.url);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await couch?.close();
  });

  it('keeps one write-off act when both servers write it at once and the loser\'s write is split (202 and a branch)', async () => {
    // Assembled while its product had no card yet: nothing taken. Then a card names it, and both servers follow the order at once.
    const o = await s.place([{ id: s.vase.id, count: 1 }]);
    expect((await s.send(o.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    await s.save('products', { name: s.vase.name, warehouse: s.cold, lines: [{ flower: s.rose, qty: 10 }], product: s.vase.id }, s.florist);
    const record = recordFromDoc(await a.shop.storage.db('orders').get(o.id));
    // The losing write of the act leaves a branch beside the winner, ranked first, as a cluster's copies may.
    couch.splitWrites((w) => w.db === 'office' && w.id === assemblySlipId(o.id) && w.wouldConflict, { ranksFirst: true });
    await Promise.all([assembly(a.shop.storage).take(record), assembly(b.shop.storage).take(record)]);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBe(1);
    expect(await s.slipsOf(o.id)).toHaveLength(1);
    const stored = await a.shop.storage.db('office').get<object>(assemblySlipId(o.id), { conflicts: true });
    expect((stored as { _conflicts?: string[] })._conflicts ?? []).toEqual([]);
    expect(await s.balance(s.rose)).toBe(90);
  }, 60_000);
});
