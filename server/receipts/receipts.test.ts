import { formatRoubles } from '../../schema/shared/money';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import { deliverySlots } from '../../schema/studio/orders/order';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import type { Receipt } from '../../schema/studio/receipts/receipt';
import { startAtolDriverStandIn } from '../testing/atol-driver-stand-in';
import { startAtolStandIn } from '../testing/atol-stand-in';
import { captureLogs } from '../testing/log-capture';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn } from '../testing/yookassa-stand-in';
import { driverTask } from '../../schema/studio/receipts/atol-driver';
import { driverUuid } from '../../schema/studio/receipts/atol-driver';
import { atolLocalProvider } from './atol-local';
import { listReceipts, receiptsOfOrder } from './receipts';
import { until } from '../testing/until';

const customer = '79440000701';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Atol = Awaited<ReturnType<typeof startAtolStandIn>>;
const atolReach = (atol: Atol) => ({ provider: 'atol' as const, apiUrl: atol.apiUrl, login: atol.login, password: atol.password, group: atol.group, timeoutMs: 400 });

const allRegistered = (rs: Receipt[]) => rs.length > 0 && rs.every((r) => r.state === 'registered' || r.state === 'failed');
const itemsSum = (body: unknown) => {
  const items = (body as { receipt: { items: { sum: number; price: number; quantity: number }[] } }).receipt.items;
  for (const i of items) expect(Math.round(i.price * 100) * i.quantity).toBe(Math.round(i.sum * 100));
  return items.reduce((s, i) => s + Math.round(i.sum * 100), 0);
};

const saleDraft = (id: string, product: string) => ({
  id, source: 'showcase', customer: { phone: '', name: '' }, sender: { phone: '', name: '' }, recipient: { phone: '', name: '' },
  lines: [{ id: product, count: 2 }], delivery: { method: 'pickup' }, date: today(), slot: deliverySlots[deliverySlots.length - 1], payment: 'cash',
});

const bouquetOf = async (url: string, cookie: string): Promise<Product> => {
  const { body } = await call<{ data: { items: Product[] } }>(url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  // The cheapest: one of it is delivered for a price, so the delivery is a line of its own.
  const found = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3).sort((x, y) => x.price - y.price)[0]!;
  const { updatedAt: _u, ...rest } = found;
  return (await call<{ data: Product }>(url, '/api/items/update', { ...rest, count: 500 }, cookie)).body.data;
};

describe('fiscal receipts through ATOL Online (issue 30)', () => {
  let atol: Atol;
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>>;
  let shop: Shop;
  let me: string;
  let florist: string;
  let manager: string;
  let bouquet: Product;
  const send = (order: string, action: OrderAction | Record<string, unknown>, cookie = florist, id = `cmd-${crypto.randomUUID()}`) =>
    call<{ error?: string }>(shop.url, '/api/orders/command', { id, order, action }, cookie);

  beforeAll(async () => {
    atol = await startAtolStandIn();
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receipts: atolReach(atol), receiptsEveryMs: 100 });
    [me, florist, manager] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist), signIn(shop.url, demoPhones.manager)]);
    bouquet = await bouquetOf(shop.url, manager);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await atol?.close();
    await yk?.close();
  });

  const paidOnline = async (): Promise<string> => {
    const draft = {
      id: `rcpt-${crypto.randomUUID()}`, lines: [{ id: bouquet.id, count: 1 }], sender: { name: 'Анна', phone: customer }, recipient: { name: 'Ольга', phone: '79440000709' },
      delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'card',
    };
    const started = await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, me);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await yk.pay(started.body.data.order.online!.payment!);
    const checked = await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/check', { order: draft.id }, me);
    expect(checked.body.data.state).toBe('paid');
    return draft.id;
  };

  it('an online order paid, handed over and taken back yields exactly a prepayment, a settlement and a refund, each to the kopeck', async () => {
    const id = await paidOnline();
    const { total, deliveryPrice } = await shop.shop.storage.db('orders').get<{ total: number; deliveryPrice: number }>(id);
    expect(deliveryPrice).toBeGreaterThan(0);
    expect((await send(id, { kind: 'status', from: 'new', to: 'done' })).status).toBe(200);
    // A return after delivery is the payment taken back (schema/studio/orders/order-lifecycle.ts), by a manager.
    const back = await send(id, { kind: 'payment', status: 'unpaid', method: 'online', amount: 0 }, manager);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const rs = await until(() => receiptsOfOrder(shop.shop.storage, id), (x) => x.length === 3 && allRegistered(x));
    expect(rs.map((r) => [r.content.kind, r.content.mode, r.content.payment, r.content.total, r.state])).toEqual([
      ['prepayment', 'full_prepayment', 'electronic', total * 100, 'registered'],
      ['settlement', 'full_payment', 'prepaid', total * 100, 'registered'],
      ['refund', 'full_payment', 'electronic', total * 100, 'registered'],
    ]);
    expect(rs[0]!.content.items.at(-1)).toMatchObject({ name: 'Доставка', object: 'service' });
    expect(rs[0]!.fiscal?.sign).toMatch(/^\d+$/);
    const docs = atol.documents().filter((d) => d.externalId.includes(id));
    expect(docs.map((d) => [d.operation, d.total])).toEqual([['sell', total * 100], ['sell', total * 100], ['sell_refund', total * 100]]);
    for (const d of docs) expect(itemsSum(d.body)).toBe(total * 100);
    // The same commands again change nothing: no receipt twice.
    await new Promise((r) => setTimeout(r, 500));
    expect(await receiptsOfOrder(shop.shop.storage, id)).toHaveLength(3);
  }, 60_000);

  it('an online order cancelled after payment yields its prepayment and a refund of the prepayment', async () => {
    const id = await paidOnline();
    expect((await send(id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Передумали' }, manager)).status).toBe(200);
    const rs = await until(() => receiptsOfOrder(shop.shop.storage, id), (x) => x.length === 2 && allRegistered(x));
    expect(rs.map((r) => [r.content.kind, r.content.mode, r.state])).toEqual([
      ['prepayment', 'full_prepayment', 'registered'],
      ['refund', 'full_prepayment', 'registered'],
    ]);
  }, 60_000);

  it('a counter sale yields one receipt even when the register times out and then answers 500 first', async () => {
    atol.trouble('timeout', '5xx');
    const id = `sale-${crypto.randomUUID()}`;
    expect((await send(id, { kind: 'create', draft: saleDraft(id, bouquet.id) }, florist, `new-${id}`)).status).toBe(200);
    expect((await send(id, { kind: 'payment', status: 'paid', method: 'cash' })).status).toBe(200);
    const rs = await until(() => receiptsOfOrder(shop.shop.storage, id), allRegistered);
    expect(rs.map((r) => [r.content.kind, r.content.payment, r.state])).toEqual([['sale', 'cash', 'registered']]);
    expect(rs[0]!.tries).toBeGreaterThanOrEqual(3);
    expect(rs[0]!.content.customer).toEqual({ email: expect.any(String) });
    expect(atol.documents().filter((d) => d.externalId.includes(id))).toHaveLength(1);
  }, 60_000);

  it('«Вернуть деньги»: a manager returns part of a payment, once per command, with its refund receipt; more than was paid and not yet returned is refused in Russian', async () => {
    const id = `refund-${crypto.randomUUID()}`;
    expect((await send(id, { kind: 'create', draft: saleDraft(id, bouquet.id) }, florist, `new-${id}`)).status).toBe(200);
    const payment = `pay-${id}`;
    expect((await send(id, { kind: 'payment', status: 'paid', method: 'cash' }, florist, payment)).status).toBe(200);
    const { total } = await shop.shop.storage.db('orders').get<{ total: number }>(id);
    const tooMuch = await send(id, { kind: 'refund', payment, amount: total + 1 }, manager);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatch(/^Вернуть можно не больше/);
    expect((await send(id, { kind: 'refund', payment, amount: 100 }, florist)).status).toBe(403);
    expect((await send(id, { kind: 'refund', payment: 'no-such', amount: 100 }, manager)).status).toBe(409);
    const refund = `back-${id}`;
    expect((await send(id, { kind: 'refund', payment, amount: 100 }, manager, refund)).status).toBe(200);
    expect((await send(id, { kind: 'refund', payment, amount: 100 }, manager, refund)).status).toBe(200);
    const rs = await until(() => receiptsOfOrder(shop.shop.storage, id), (x) => x.length === 2 && allRegistered(x));
    expect(rs.map((r) => [r.content.kind, r.content.total])).toEqual([['sale', total * 100], ['refund', 100 * 100]]);
    const paid = (await shop.shop.storage.db('orders').get<{ paid: { amount?: number } }>(id)).paid;
    expect(paid.amount).toBe(total - 100);
    const rest = await send(id, { kind: 'refund', payment, amount: total - 99 }, manager);
    expect(rest.body.error).toBe(`Вернуть можно не больше ${formatRoubles(total - 100)}: по этой оплате получено ${formatRoubles(total)}, возвращено ${formatRoubles(100)}`);
  }, 60_000);

  it('a counter sale recorded offline on a device yields its receipt when its commands reach the server through /db/office', async () => {
    const id = `sale-${crypto.randomUUID()}`;
    const made = Date.now() - 60_000;
    const command = (cmd: string, at: number, action: object) => ({
      _id: cmd, type: 'orderCommand', v: 1, title: 'Заказ', createdBy: demoPhones.florist, createdAt: at, updatedBy: demoPhones.florist, updatedAt: at, data: { order: id, action },
    });
    const docs = [command(`new-${id}`, made, { kind: 'create', draft: saleDraft(id, bouquet.id) }), command(`pay-${id}`, made + 1, { kind: 'payment', status: 'paid', method: 'card' })];
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs }) });
    expect(pushed.status).toBe(201);
    const rs = await until(() => receiptsOfOrder(shop.shop.storage, id), allRegistered);
    expect(rs.map((r) => [r.id, r.content.kind, r.content.payment, r.state])).toEqual([[`receipt:sale:${id}:pay-${id}`, 'sale', 'electronic', 'registered']]);
    // Staff read its state online; the order page shows the same words.
    const listed = await call<{ data: { items: { label: string; state: string }[] } }>(shop.url, '/api/receipts/list', { order: id }, florist);
    expect(listed.body.data.items).toEqual([expect.objectContaining({ state: 'registered', label: expect.stringMatching(/^Чек зарегистрирован \(ФП \d+\)$/) })]);
    // A customer never reads receipts.
    expect((await call(shop.url, '/api/receipts/list', { order: id }, me)).status).toBe(403);
  }, 60_000);

  it('VAT and tax system are an admin’s settings: the next receipt carries them, and no key of the register is ever answered', async () => {
    const admin = await signIn(shop.url, demoPhones.admin);
    const settings = { taxSystem: 'osn', vat: 'vat20', email: 'studio@example.ru', inn: '7701234567', paymentAddress: 'https://flowers.example.ru' };
    expect((await call(shop.url, '/api/settings/receipts-update', { settings }, manager)).status).toBe(403);
    const bad = await call<{ error: string }>(shop.url, '/api/settings/receipts-update', { settings: { ...settings, inn: '12' } }, admin);
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('ИНН — 10 или 12 цифр')]);
    const saved = await call<{ data: unknown }>(shop.url, '/api/settings/receipts-update', { settings }, admin);
    expect(saved.body.data).toEqual({ settings, provider: 'atol', choice: { kind: 'server' } });
    expect(JSON.stringify(saved.body)).not.toContain(atol.password);
    try {
      const id = `sale-${crypto.randomUUID()}`;
      expect((await send(id, { kind: 'create', draft: saleDraft(id, bouquet.id) }, florist, `new-${id}`)).status).toBe(200);
      expect((await send(id, { kind: 'payment', status: 'paid', method: 'cash' })).status).toBe(200);
      await until(() => receiptsOfOrder(shop.shop.storage, id), allRegistered);
      const doc = atol.documents().find((d) => d.externalId.includes(id))!.body as { receipt: { company: { sno: string; inn: string }; items: { vat: { type: string } }[] } };
      expect(doc.receipt.company).toMatchObject({ sno: 'osn', inn: '7701234567' });
      expect(doc.receipt.items.every((i) => i.vat.type === 'vat20')).toBe(true);
    } finally {
      await call(shop.url, '/api/settings/receipts-update', { settings: { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' } }, admin);
    }
  }, 60_000);

  it('a receipt the register refuses is failed with its reason in Russian, and the order is not held up', async () => {
    atol.refuseVat('none');
    try {
      const id = `sale-${crypto.randomUUID()}`;
      expect((await send(id, { kind: 'create', draft: saleDraft(id, bouquet.id) }, florist, `new-${id}`)).status).toBe(200);
      expect((await send(id, { kind: 'payment', status: 'paid', method: 'card' })).status).toBe(200);
      const rs = await until(() => receiptsOfOrder(shop.shop.storage, id), allRegistered);
      expect(rs.map((r) => [r.state, r.reason])).toEqual([['failed', 'касса отказала: Неверная ставка НДС']]);
      expect((await shop.shop.storage.db('orders').get<{ status: string; paid: { status: string } }>(id))).toMatchObject({ status: 'done', paid: { status: 'paid' } });
    } finally {
      atol.refuseVat('');
    }
  }, 60_000);
});

describe('the register chosen in /admin/settings (issue 30, item 1)', () => {
  it('ATOL Online with the studio’s own keys, then the register on the counter: the sender uses the chosen one, the password is never answered nor logged', async () => {
    const configured = await startAtolStandIn();
    const studios = await startAtolStandIn('studio-login', 'studio-secret-pass-77', 'studio-group');
    const driver = await startAtolDriverStandIn();
    // No device prints here: nothing is marked printed on a device, so the counter's register is sent to at once (device-print-hold.test.ts).
    const shop = await startTestShop({ receipts: atolReach(configured), receiptsEveryMs: 100 });
    const logs = captureLogs();
    try {
      const [admin, manager, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
      const bouquet = await bouquetOf(shop.url, manager);
      const settings = { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' };
      const sale = async () => {
        const id = `sale-${crypto.randomUUID()}`;
        expect((await call(shop.url, '/api/orders/command', { id: `new-${id}`, order: id, action: { kind: 'create', draft: saleDraft(id, bouquet.id) } }, florist)).status).toBe(200);
        expect((await call(shop.url, '/api/orders/command', { id: `pay-${id}`, order: id, action: { kind: 'payment', status: 'paid', method: 'cash' } }, florist)).status).toBe(200);
        return (await until(() => receiptsOfOrder(shop.shop.storage, id), allRegistered))[0]!;
      };
      const atolChoice = { kind: 'atol', login: 'studio-login', group: 'studio-group', apiUrl: studios.apiUrl };

      // A manager may not choose; ATOL without a password, or YooKassa without the shop's keys, is refused in Russian.
      expect((await call(shop.url, '/api/settings/receipts-update', { settings, choice: atolChoice }, manager)).status).toBe(403);
      const noPassword = await call<{ error: string }>(shop.url, '/api/settings/receipts-update', { settings, choice: atolChoice }, admin);
      expect([noPassword.status, noPassword.body.error]).toEqual([400, 'Укажите пароль АТОЛ Онлайн']);
      const noKeys = await call<{ error: string }>(shop.url, '/api/settings/receipts-update', { settings, choice: { kind: 'yookassa' } }, admin);
      expect(noKeys.status).toBe(400);
      expect(noKeys.body.error).toMatch(/ключей ЮKassa/);

      // The configured register until the admin chooses.
      expect((await sale()).state).toBe('registered');
      expect([configured.documents().length, studios.documents().length]).toEqual([1, 0]);

      const chosen = await call<{ data: unknown }>(shop.url, '/api/settings/receipts-update', { settings, choice: { ...atolChoice, password: 'studio-secret-pass-77' } }, admin);
      expect(chosen.status).toBe(200);
      expect(chosen.body.data).toEqual({ settings, provider: 'atol', choice: { ...atolChoice, passwordSet: true } });
      const r1 = await sale();
      expect(r1.state).toBe('registered');
      expect([configured.documents().length, studios.documents().map((d) => d.externalId)]).toEqual([1, [r1.id]]);
      // Saved again without the password (the screen never has it): the stored one stays.
      expect((await call(shop.url, '/api/settings/receipts-update', { settings, choice: atolChoice }, admin)).status).toBe(200);
      expect((await sale()).state).toBe('registered');
      expect(studios.documents()).toHaveLength(2);

      // The register on the counter, through its driver's web server.
      const local = await call<{ data: { provider: string } }>(shop.url, '/api/settings/receipts-update', { settings, choice: { kind: 'atol-local', url: driver.url } }, admin);
      expect(local.body.data.provider).toBe('atol-local');
      const r2 = await sale();
      expect([r2.state, r2.fiscal?.fn]).toEqual(['registered', '7380440800000001']);
      expect(driver.tasks()).toHaveLength(1);
      expect(studios.documents()).toHaveLength(2);

      const read = await call<{ data: unknown }>(shop.url, '/api/settings/receipts-get', {}, admin);
      expect(JSON.stringify(read.body)).not.toContain('studio-secret-pass-77');
      expect(logs.raw.join('\n')).not.toContain('studio-secret-pass-77');
      // Nothing of it on a device: the admin database is the server's own.
      expect((await fetch(`${shop.url}/db/admin/settings-receipts-provider`, { headers: { cookie: admin } })).status).not.toBe(200);
    } finally {
      logs.stop();
      await shop.close();
      await Promise.all([configured.close(), studios.close(), driver.close()]);
    }
  }, 90_000);
});

describe('a register on the counter through ATOL’s driver web server (issue 30, item 4, the server’s side)', () => {
  it('a task the driver took whose answer was lost is the same receipt when sent again (asked for before any post), and a refusal keeps its reason', async () => {
    const driver = await startAtolDriverStandIn();
    const provider = atolLocalProvider({ url: driver.url, timeoutMs: 2000 });
    const c = {
      kind: 'sale' as const, order: 'o-local', mode: 'full_payment' as const, payment: 'cash' as const, total: 10001, customer: { phone: '+79161234567' }, taxSystem: 'usn_income' as const,
      items: [{ name: 'Розы', price: 3333, quantity: 2, sum: 6666, object: 'commodity' as const, vat: 'none' as const }, { name: 'Розы', price: 3335, quantity: 1, sum: 3335, object: 'commodity' as const, vat: 'none' as const }],
      company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' },
    };
    try {
      const id = 'receipt:sale:o-local:pay-1';
      const uuid = driverUuid(id);
      // The same name-based uuid as Web Crypto's SHA-1 makes (what the server made before it moved into schema/).
      const webCrypto = async (of: string) => {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(`receipt/${of}`)));
        return [...digest.slice(0, 16)].map((b, i) => (i === 6 ? (b & 0x0f) | 0x50 : i === 8 ? (b & 0x3f) | 0x80 : b).toString(16).padStart(2, '0')).join('');
      };
      expect(uuid.replaceAll('-', '')).toBe(await webCrypto(id));
      const long = `receipt:sale:заказ-🌷:${'x'.repeat(70)}`;
      expect(driverUuid(long).replaceAll('-', '')).toBe(await webCrypto(long));
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The first send reached the register; its answer never came back.
      const first = await fetch(`${driver.url}/api/v2/requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid, request: [driverTask(c)] }) });
      expect(first.status).toBe(201);
      const again = await provider.send(id, c);
      expect(again).toMatchObject({ kind: 'registered', uuid, fiscal: { fn: '7380440800000001' } });
      expect([driver.posts(), driver.tasks().length]).toEqual([1, 1]);
      // A register waiting for paper is tried again, not failed.
      driver.blocked(true);
      expect(await provider.report(uuid)).toEqual({ kind: 'retry', reason: 'касса ждёт оператора: Закончилась бумага' });
      driver.blocked(false);
      // Sums that disagree are refused with the driver's words.
      const bad = await provider.send('receipt:sale:o-local:pay-2', { ...c, total: 10000 });
      expect(bad).toEqual({ kind: 'refused', reason: 'касса отказала: Сумма чека не равна сумме позиций и оплат' });
      // The task in the driver's own names (DECISIONS «The register on the counter»): a measure it knows, a task it took.
      expect(driverTask(c).items[0]).toMatchObject({ type: 'position', measurementUnit: 'piece', paymentMethod: 'fullPayment', paymentObject: 'commodity', tax: { type: 'none' } });
      expect(driver.tasks().map((t) => t.status)).toEqual(['ready', 'error']);
      // A task cancelled at the register is not waited for forever: its uuid is spent, so it is failed with why.
      const cancelled = 'receipt:sale:o-local:pay-4';
      await fetch(`${driver.url}/api/v2/requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid: driverUuid(cancelled), request: [driverTask(c)] }) });
      driver.cancel(driverUuid(cancelled));
      expect(await provider.report(driverUuid(cancelled))).toEqual({ kind: 'refused', reason: 'касса не выполнила задание (отменено): Задание отменено' });
    } finally {
      await driver.close();
    }
    // The computer is off: tried again later.
    expect(await provider.send('receipt:sale:o-local:pay-3', c)).toEqual({ kind: 'retry', reason: 'касса недоступна' });
  });
});

describe('fiscal receipts on two app servers (issue 30)', () => {
  it('a counter sale yields one receipt while both servers send at once', async () => {
    const atol = await startAtolStandIn();
    const couch = await startCouchStandIn();
    const a = await startTestShop({ couchUrl: couch.url, receipts: atolReach(atol), receiptsEveryMs: 50 });
    const b = await startTestShop({ couchUrl: couch.url, seed: false, receipts: atolReach(atol), receiptsEveryMs: 50 });
    try {
      const [florist, manager] = await Promise.all([signIn(a.url, demoPhones.florist), signIn(a.url, demoPhones.manager)]);
      const bouquet = await bouquetOf(a.url, manager);
      const ids = Array.from({ length: 4 }, () => `sale-${crypto.randomUUID()}`);
      for (const id of ids) {
        const made = await call(a.url, '/api/orders/command', { id: `new-${id}`, order: id, action: { kind: 'create', draft: saleDraft(id, bouquet.id) } }, florist);
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        // The same payment command reaches both servers (a retry after a lost answer).
        const pay = { id: `pay-${id}`, order: id, action: { kind: 'payment', status: 'paid', method: 'card' } };
        const answers = await Promise.all([call(a.url, '/api/orders/command', pay, florist), call(b.url, '/api/orders/command', pay, florist)]);
        expect(answers.map((x) => x.status)).toEqual([200, 200]);
      }
      const rs = await until(() => listReceipts(a.shop.storage, 100), (x) => x.length === ids.length && allRegistered(x));
      expect(rs.map((r) => r.state)).toEqual(ids.map(() => 'registered'));
      // Each sent once: the register holds one document per sale, and neither server sent it again (no duplicate answer needed).
      expect(atol.documents().map((d) => d.externalId).sort()).toEqual(rs.map((r) => r.id).sort());
      expect(rs.every((r) => r.tries === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await couch.close();
      await atol.close();
    }
  }, 120_000);
});

describe('fiscal receipts through YooKassa (issue 30)', () => {
  it('an online order paid and handed over: its prepayment and settlement receipts registered at YooKassa, tied to the payment, each once', async () => {
    const yk = await startYookassaStandIn();
    const shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receipts: { provider: 'yookassa' }, receiptsEveryMs: 100 });
    try {
      const [me, florist, manager] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist), signIn(shop.url, demoPhones.manager)]);
      const bouquet = await bouquetOf(shop.url, manager);
      const draft = {
        id: `ykr-${crypto.randomUUID()}`, lines: [{ id: bouquet.id, count: 2 }], sender: { name: 'Анна', phone: customer }, recipient: { name: 'Ольга', phone: '79440000709' },
        delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'card',
      };
      const started = await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, me);
      const payment = started.body.data.order.online!.payment!;
      await yk.pay(payment);
      expect((await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/check', { order: draft.id }, me)).body.data.state).toBe('paid');
      expect((await call(shop.url, '/api/orders/command', { id: `done-${draft.id}`, order: draft.id, action: { kind: 'status', from: 'new', to: 'done' } }, florist)).status).toBe(200);
      const rs = await until(() => receiptsOfOrder(shop.shop.storage, draft.id), (x) => x.length === 2 && allRegistered(x));
      expect(rs.map((r) => [r.content.kind, r.state, r.content.providerPayment])).toEqual([['prepayment', 'registered', payment], ['settlement', 'registered', payment]]);
      // The prepayment went inside the payment, with the same lines the queue would send: a full prepayment to the kopeck, the buyer's phone.
      const inside = yk.paymentReceipts.get(payment);
      const { total } = await shop.shop.storage.db('orders').get<{ total: number }>(draft.id);
      expect(inside?.customer).toEqual({ phone: customer });
      expect(inside?.items?.every((i) => i.payment_mode === 'full_prepayment' && i.vat_code === 1 && i.payment_subject === 'commodity')).toBe(true);
      expect(inside?.items?.reduce((t, i) => t + Math.round(Number(i.amount.value) * 100) * Number(i.quantity), 0)).toBe(total * 100);
      expect(rs[0]!.content.inPayment).toBe(true);
      // Two receipts at YooKassa, not three: the payment's own, and the settlement sent apart.
      const sent = [...yk.receipts.values()];
      expect(sent.map((r) => [r.type, r.payment_id, r.items.length > 0])).toEqual([['payment', payment, true], ['payment', payment, true]]);
      expect(rs[0]!.uuid).toBe(sent[0]!.id);
      expect(rs.every((r) => r.fiscal && /^\d+$/.test(r.fiscal.sign))).toBe(true);
      await new Promise((r) => setTimeout(r, 500));
      expect(yk.receipts.size).toBe(2);
    } finally {
      await shop.close();
      await yk.close();
    }
  }, 60_000);

  it('YooKassa (its stand-in) refuses a payment whose receipt does not add up, names no buyer or has an unknown VAT code', async () => {
    const yk = await startYookassaStandIn();
    try {
      const item = { description: 'Букет', quantity: '1.00', amount: { value: '1000.00', currency: 'RUB' }, vat_code: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment' };
      const pay = (receipt: object) => yk.create({ amount: { value: '1000.00', currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'http://x/' }, receipt });
      const good = await pay({ customer: { phone: '79440000701' }, items: [item] });
      expect(good.status).toBe('pending');
      for (const [receipt, parameter] of [
        [{ customer: { phone: '79440000701' }, items: [{ ...item, amount: { value: '999.99', currency: 'RUB' } }] }, 'receipt.items.amount'],
        [{ customer: {}, items: [item] }, 'receipt.customer'],
        [{ customer: { email: 'a@b.ru' }, items: [{ ...item, vat_code: 13 }] }, 'receipt.items.vat_code'],
      ] as const) expect(await pay(receipt)).toMatchObject({ type: 'error', parameter });
      expect(yk.payments.size).toBe(1);
    } finally {
      await yk.close();
    }
  });
});
