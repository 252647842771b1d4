import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import type { Product } from '../../schema/shop/product';
import { deliverySlots } from '../../schema/studio/orders/order';
import { driverUuid } from '../../schema/studio/receipts/atol-driver';
import { noStudioRegister, type Receipt, type ReceiptView } from '../../schema/studio/receipts/receipt';
import { startAtolDriverStandIn } from '../testing/atol-driver-stand-in';
import { startAtolStandIn } from '../testing/atol-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { until } from '../testing/until';
import { startYookassaStandIn } from '../testing/yookassa-stand-in';
import { upsert } from '../db/docs';
import { receiptOf, receiptsDb, receiptsOfOrder } from './receipts';

/**
 * A failed receipt goes again only when no provider holds a document under its id (schema `resendIssue`): queued again
 * when the admin chooses a register for one that had none, or by «Отправить снова» (admins, the server's access table);
 * and a receipt handed to a register stays with it whatever the admin chooses later (`Receipt.via`).
 */
const settings = { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' };
const done = (rs: Receipt[]) => rs.length > 0 && rs.every((r) => r.state === 'registered' || r.state === 'failed');

describe('receipts sent again, and a receipt staying with its register (issue 30)', () => {
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>>;
  let atol: Awaited<ReturnType<typeof startAtolStandIn>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let manager: string;
  let florist: string;
  let bouquet: Product;
  const choose = async (choice: unknown) => {
    const saved = await call(shop.url, '/api/settings/receipts-update', { settings, choice }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const atolChoice = () => ({ kind: 'atol', login: atol.login, password: atol.password, group: atol.group, apiUrl: atol.apiUrl });
  /** A cash sale at the counter, paid, through the server at `at` (the suite's unless told). */
  const cashSale = async (at = shop.url, cookie = florist) => {
    const id = `resend-${crypto.randomUUID()}`;
    const draft = {
      id, source: 'showcase', customer: { phone: '', name: '' }, sender: { phone: '', name: '' }, recipient: { phone: '', name: '' },
      lines: [{ id: bouquet.id, count: 1 }], delivery: { method: 'pickup' }, date: today(), slot: deliverySlots[deliverySlots.length - 1], payment: 'cash',
    };
    expect((await call(at, '/api/orders/command', { id: `new-${id}`, order: id, action: { kind: 'create', draft } }, cookie)).status).toBe(200);
    expect((await call(at, '/api/orders/command', { id: `pay-${id}`, order: id, action: { kind: 'payment', status: 'paid', method: 'cash' } }, cookie)).status).toBe(200);
    return id;
  };
  const resend = (id: string, cookie: string) => call<{ data?: ReceiptView; error?: string }>(shop.url, '/api/receipts/resend', { id }, cookie);
  const listed = async (id: string) => (await call<{ data: { items: ReceiptView[] } }>(shop.url, '/api/receipts/list', {}, florist)).body.data.items.find((i) => i.id === id);
  const rounds = () => new Promise((r) => setTimeout(r, 500));

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    atol = await startAtolStandIn();
    driver = await startAtolDriverStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receiptsEveryMs: 100 });
    [admin, manager, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const found = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3).sort((x, y) => x.price - y.price)[0]!;
    const { updatedAt: _u, ...rest } = found;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, count: 500 }, manager)).body.data;
  }, 60_000);
  afterEach(async () => {
    atol.refuseVat('');
    atol.holdReports(false);
    atol.failTaken('');
    await choose({ kind: 'none' });
  });
  afterAll(async () => {
    await shop?.close();
    await Promise.all([yk?.close(), atol?.close(), driver?.close()]);
  });

  it('a receipt failed for want of a register goes to the register the admin then chooses, under its id, once', async () => {
    await choose({ kind: 'yookassa' });
    const sale = await cashSale();
    const [failed] = await until(() => receiptsOfOrder(shop.shop.storage, sale), done);
    expect([failed?.state, failed?.reason, failed?.tries]).toEqual(['failed', noStudioRegister, 0]);

    await choose({ kind: 'yookassa', register: { kind: 'atol-local', url: driver.url } });
    const [sent] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'registered');
    expect([sent?.id, sent?.state, sent?.via]).toEqual([failed!.id, 'registered', `atol-local:${driver.url}`]);
    // Saved again: nothing more to queue, nothing sent twice; YooKassa never asked for the studio's cash.
    await choose({ kind: 'yookassa', register: { kind: 'atol-local', url: driver.url } });
    await rounds();
    expect(driver.tasks().filter((t) => t.uuid === driverUuid(failed!.id))).toHaveLength(1);
    expect(yk.receiptRequests).toHaveLength(0);
  }, 60_000);

  it('«Отправить снова»: admins only; a receipt ATOL refused at the send goes again under its id once, one ATOL took and failed is not sent again', async () => {
    await choose(atolChoice());
    atol.refuseVat('none');
    const sale = await cashSale();
    const [refused] = await until(() => receiptsOfOrder(shop.shop.storage, sale), done);
    expect([refused?.state, refused?.reason, refused?.noDocument]).toEqual(['failed', 'касса отказала: Неверная ставка НДС', true]);
    expect((await listed(refused!.id))?.resendable).toBe(true);

    // The access table decides on the server, whatever a screen shows.
    for (const cookie of [florist, manager]) expect((await resend(refused!.id, cookie)).status).toBe(403);
    atol.refuseVat('');
    const again = await resend(refused!.id, admin);
    expect([again.status, again.body.data?.state]).toEqual([200, 'queued']);
    const [registered] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'registered');
    expect(registered?.fiscal?.fn).toBe('9999078900004792');
    expect(atol.documents().filter((d) => d.externalId === refused!.id)).toHaveLength(1);
    // Registered: nothing to send again.
    expect((await resend(refused!.id, admin)).status).toBe(409);

    // Taken by ATOL, then failed in its queue: the external_id is spent there, so it is refused here, and nothing is sent.
    atol.failTaken('Превышено время ожидания чека в очереди');
    const late = await cashSale();
    const [failed] = await until(() => receiptsOfOrder(shop.shop.storage, late), done);
    expect([failed?.state, failed?.noDocument]).toEqual(['failed', undefined]);
    expect((await listed(failed!.id))?.resendable).toBe(false);
    const requests = atol.sellRequests();
    const refusedAgain = await resend(failed!.id, admin);
    expect([refusedAgain.status, refusedAgain.body.error]).toEqual([409, 'Касса приняла этот чек и отклонила его: под тем же номером она вернёт тот же отказ. Исправьте чек на кассе (чек коррекции)']);
    await rounds();
    expect(atol.sellRequests()).toBe(requests);
    expect((await receiptsOfOrder(shop.shop.storage, late))[0]?.state).toBe('failed');
  }, 60_000);

  it('a receipt refused for its VAT goes again under the VAT the admin then set, under its id, once', async () => {
    await choose(atolChoice());
    atol.refuseVat('none');
    const sale = await cashSale();
    const [refused] = await until(() => receiptsOfOrder(shop.shop.storage, sale), done);
    expect([refused?.state, refused?.reason]).toEqual(['failed', 'касса отказала: Неверная ставка НДС']);

    // The admin fixes the VAT, then sends it again: it goes under the settings of now, not those it was queued with.
    expect((await call(shop.url, '/api/settings/receipts-update', { settings: { ...settings, vat: 'vat20' }, choice: atolChoice() }, admin)).status).toBe(200);
    expect((await resend(refused!.id, admin)).status).toBe(200);
    const [registered] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'registered' || rs[0]?.state === 'failed');
    expect([registered?.id, registered?.state]).toEqual([refused!.id, 'registered']);
    expect(registered?.content.items.map((i) => i.vat)).toEqual(refused!.content.items.map(() => 'vat20'));
    expect(atol.documents().filter((d) => d.externalId === refused!.id)).toHaveLength(1);
  }, 60_000);

  it('a receipt left with no register goes to the register the environment names after a restart', async () => {
    const yookassa = { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl };
    // The data outlives the first server (a shop given its folder leaves it in place).
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-shop-restart-'));
    const first = await startTestShop({ dataDir, yookassa, receipts: { provider: 'yookassa' }, receiptsEveryMs: 100 });
    const id = await cashSale(first.url, await signIn(first.url, demoPhones.florist));
    const [failed] = await until(() => receiptsOfOrder(first.shop.storage, id), done);
    expect([failed?.state, failed?.reason]).toEqual(['failed', noStudioRegister]);
    await first.close();

    const atolReach = { provider: 'atol' as const, apiUrl: atol.apiUrl, login: atol.login, password: atol.password, group: atol.group };
    const second = await startTestShop({ dataDir, yookassa, receipts: atolReach, receiptsEveryMs: 100 });
    try {
      const [sent] = await until(() => receiptsOfOrder(second.shop.storage, id), (rs) => rs[0]?.state === 'registered');
      expect(sent?.id).toBe(failed!.id);
      expect(atol.documents().filter((d) => d.externalId === failed!.id)).toHaveLength(1);
    } finally {
      await second.close();
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  }, 90_000);

  it('a receipt sent to ATOL Online is polled there and registered after the admin moves to YooKassa with no register', async () => {
    await choose(atolChoice());
    atol.holdReports(true);
    const sale = await cashSale();
    const [sent] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'sent');
    expect([sent?.state, sent?.via]).toEqual(['sent', `atol:${atol.apiUrl}|${atol.group}|${atol.login}`]);

    // The new choice has no ATOL (nor its password); the receipt stays with the register that holds it.
    await choose({ kind: 'yookassa' });
    await rounds();
    expect((await receiptsOfOrder(shop.shop.storage, sale))[0]?.state).toBe('sent');
    atol.holdReports(false);
    const [registered] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'registered');
    expect([registered?.state, registered?.uuid]).toEqual(['registered', sent!.uuid]);
    expect(atol.documents().filter((d) => d.externalId === sent!.id)).toHaveLength(1);
    expect(yk.receiptRequests).toHaveLength(0);
  }, 60_000);

  it('a receipt stored before the stamp goes by today’s choice and is stamped then', async () => {
    await choose(atolChoice());
    atol.holdReports(true);
    const sale = await cashSale();
    const [sent] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'sent');
    // As an older release stored it: no stamp.
    await upsert<object>(shop.shop.storage.db(receiptsDb), sent!.id, (doc) => {
      const { via: _v, id: _i, ...old } = receiptOf(doc!)!;
      return old;
    });
    atol.holdReports(false);
    const [registered] = await until(() => receiptsOfOrder(shop.shop.storage, sale), (rs) => rs[0]?.state === 'registered');
    expect([registered?.uuid, registered?.via]).toEqual([sent!.uuid, sent!.via]);
  }, 60_000);
});
