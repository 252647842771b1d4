import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import { debtsAnswer } from '../../schema/studio/clients/debts';
import { shift } from '../../schema/entities/shift';
import type { Order } from '../../schema/studio/orders/order';
import type { CommandOutcome, OrderAction } from '../../schema/studio/orders/order-command';
import { received } from '../../schema/studio/orders/order-money';
import type { Product } from '../../schema/shop/product';
import { shiftChecksAnswer } from '../../schema/studio/money/shift-check';
import { pushNew } from '../testing/both-paths';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../testing/yookassa-stand-in';

type Answer = { data?: Order; outcome?: CommandOutcome; error?: string };

/**
 * «Отменить оплату» (issue 27): a manager reverses a payment recorded by mistake with a command naming it and a
 * reason; both stay in the order's history, and the paid amount, the shift's takings (the server's own figures) and
 * the debts report leave it out. Through the real server, on /api/orders/command and a device's push to /db/office.
 */
describe('reversing an order’s payment', () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const cookies = { admin: '', manager: '', florist: '' };
  let bouquet: Product;
  const day = today();
  const send = (order: string, action: OrderAction, who: keyof typeof cookies = 'manager', id = `cmd-${crypto.randomUUID()}`) =>
    call<Answer>(shop.url, '/api/orders/command', { id, order, action }, cookies[who]);
  const stored = async (id: string) => (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, cookies.manager)).body.data.items.find((o) => o.id === id)!;
  /** A counter sale of one bouquet, today, taken away. */
  const counterSale = async (phone: string, who: keyof typeof cookies = 'florist') => {
    const sale = { ...draftOf(phone, [{ id: bouquet.id, count: 1 }]), date: day, customer: { phone, name: 'Покупательница' }, source: 'showcase' };
    const created = await send(sale.id, { kind: 'create', draft: sale } as OrderAction, who);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data!;
  };
  /** Records a payment and answers the command's id: the payment a reversal names. */
  const pay = async (order: string, method: 'cash' | 'card' | 'online', who: keyof typeof cookies = 'florist', amount?: number) => {
    const id = `pay-${crypto.randomUUID()}`;
    const paid = await send(order, { kind: 'payment', status: 'paid', method, ...(amount !== undefined ? { amount } : {}) }, who, id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return id;
  };
  const reverse = (order: string, payment: string, who: keyof typeof cookies = 'manager', reason = 'Пробили картой, а платили наличными') =>
    send(order, { kind: 'void-payment', payment, reason }, who);
  const debtOf = async (order: string) => {
    const answer = await call<unknown>(shop.url, '/api/debts/list', {}, cookies.admin);
    expect(answer.status).toBe(200);
    return debtsAnswer.parse(answer.body).data.customers.flatMap((c) => c.items).find((d) => d.id === order);
  };

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl } });
    yk.notifyTo(`${shop.url}/api/payments/notification`);
    for (const who of ['admin', 'manager', 'florist'] as const) cookies[who] = await signIn(shop.url, demoPhones[who]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const { updatedAt: _u, ...found } = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable)!;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...found, count: 500 }, cookies.manager)).body.data;
  });
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  it('takes a counter sale’s wrong payment back: the paid amount, the server’s takings and the debts leave it out, both stay in the history', async () => {
    const sale = await counterSale('79440000711');
    const wrong = await pay(sale.id, 'card');
    expect(await debtOf(sale.id)).toBeUndefined();

    const florist = await reverse(sale.id, wrong, 'florist');
    expect(florist.status).toBe(403);
    expect(florist.body.error).toBe('Отменить оплату может только менеджер');
    const noReason = await send(sale.id, { kind: 'void-payment', payment: wrong, reason: ' ' }, 'manager');
    expect(noReason.status).toBe(400);
    expect((await stored(sale.id)).paid).toMatchObject({ status: 'paid', method: 'card' });

    const reversed = await reverse(sale.id, wrong);
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const after = await stored(sale.id);
    expect(after.paid).toBeUndefined();
    expect(received(after)).toBe(0);
    // A counter sale is handed over by the server as it is placed (issue 29, item 2): create, hand-over, payment, reversal.
    const [, handedOver, payment, reversal] = after.history ?? [];
    expect(handedOver).toMatchObject({ by: demoPhones.florist, after: { status: 'done' } });
    expect(payment).toMatchObject({ command: wrong, by: demoPhones.florist, what: 'Оплата', after: { paid: { status: 'paid', method: 'card' } } });
    expect(reversal).toMatchObject({
      by: demoPhones.manager, what: 'Отмена оплаты', at: expect.any(Number),
      before: { paid: { status: 'paid', method: 'card', amount: sale.total } },
      after: { paid: null, voidedPayment: { payment: wrong, reason: 'Пробили картой, а платили наличными' } },
    });
    // The staff copy devices read says the same.
    const copy = (await (await fetch(`${shop.url}/db/studio-orders/${sale.id}`, { headers: { cookie: cookies.florist } })).json()) as Order;
    expect(copy.paid).toBeUndefined();
    expect(copy.history?.map((h) => h.what)).toEqual(['Новый заказ', 'Статус', 'Оплата', 'Отмена оплаты']);
    // Handed over today and not paid: owed again.
    expect(await debtOf(sale.id)).toMatchObject({ owed: sale.total, paid: 0 });

    const twice = await reverse(sale.id, wrong);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/уже отменена/);

    // Paid as it really was: cash. The server's expectation at today's close counts cash, not the card.
    await pay(sale.id, 'cash');
    const close = {
      day, opening: 0, takings: { cash: sale.total, card: 0, transfer: 0, online: 0 }, orders: 1, counterSales: 1, cashIn: 0, cashOut: 0,
      expectedCash: sale.total, expectedCard: 0, counted: { cash: sale.total, card: 0 }, cashMoves: [], note: '',
    };
    const closed = await pushNew(shop.url, shift, close, { cookie: cookies.florist, phone: demoPhones.florist }, Date.now(), `shift-${day}`);
    expect(closed.row, JSON.stringify(closed.row)).toMatchObject({ ok: true });
    const checks = shiftChecksAnswer.parse((await call<unknown>(shop.url, '/api/shift-books/list', {}, cookies.manager)).body).data;
    const check = checks.find((c) => c.day === day)!;
    expect(check.server?.takings).toMatchObject({ card: 0, cash: sale.total });
    expect(check.gap).toEqual({ cash: 0, card: 0 });
  });

  it('reverses the latest payment first, and puts back the part payment before it', async () => {
    const sale = await counterSale('79440000712', 'manager');
    const part = await pay(sale.id, 'cash', 'manager', 1000);
    const rest = await pay(sale.id, 'card', 'manager', sale.total);
    const early = await reverse(sale.id, part);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('После этой оплаты записана другая: сначала отмените её');

    expect((await reverse(sale.id, rest)).status).toBe(200);
    const back = await stored(sale.id);
    expect(back.paid).toMatchObject({ status: 'unpaid', method: 'cash', amount: 1000 });
    expect(received(back)).toBe(1000);
    expect(await debtOf(sale.id)).toMatchObject({ owed: sale.total - 1000 });

    expect((await reverse(sale.id, part)).status).toBe(200);
    expect((await stored(sale.id)).paid).toBeUndefined();
    const unknown = await reverse(sale.id, 'pay-not-in-this-order');
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toBe('Такой оплаты в истории заказа нет');
  });

  it('refuses to reverse an online payment: the refund is the provider’s', async () => {
    const customer = '79440000713';
    const me = await signIn(shop.url, customer);
    const draft = { ...draftOf(customer, [{ id: bouquet.id, count: 1 }]), payment: 'card' };
    const started = await call<{ data: { order: Order } }>(shop.url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, me);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await yk.pay(started.body.data.order.online!.payment!);
    const paid = await stored(draft.id);
    expect(paid.paid).toMatchObject({ status: 'paid', method: 'online' });
    const online = paid.history!.find((h) => 'paid' in h.after)!.command;

    const refused = await reverse(draft.id, online);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Онлайн-оплату так не отменяют: деньги покупателю возвращают через ЮKassa');
    expect((await stored(draft.id)).paid).toMatchObject({ status: 'paid', method: 'online' });
  });

  it('records an online payment taken elsewhere through the same payment command, counted online and reversible as any staff payment (issue 29, item 8)', async () => {
    const sale = await counterSale('79440000751');
    const link = await pay(sale.id, 'online');
    const paid = await stored(sale.id);
    expect(paid.paid).toMatchObject({ status: 'paid', method: 'online', amount: sale.total, by: demoPhones.florist });
    expect(paid.history!.filter((h) => h.command === link)).toHaveLength(1);
    // Staff typed it, so staff may take it back: it is no provider's payment to refund through ЮKassa.
    const back = await reverse(sale.id, link);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(received(await stored(sale.id))).toBe(0);
  });

  it('takes the same command pushed from a manager’s device through /db/office, and answers a florist’s refused', async () => {
    const sale = await counterSale('79440000714');
    const wrong = await pay(sale.id, 'card');
    const push = async (who: 'manager' | 'florist') => {
      const id = `void-${crypto.randomUUID()}`;
      const now = Date.now();
      const data = { order: sale.id, action: { kind: 'void-payment', payment: wrong, reason: 'Не та сумма' } };
      const doc = { _id: id, type: 'orderCommand', v: 1, title: `Отмена оплаты: ${sale.id}`, createdBy: demoPhones[who], createdAt: now, updatedBy: demoPhones[who], updatedAt: now, data };
      const answer = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies[who] }, body: JSON.stringify({ docs: [doc] }) });
      expect(((await answer.json()) as { ok?: boolean }[])[0], who).toMatchObject({ ok: true });
      return id;
    };
    const outcomeOf = async (id: string) => {
      for (let i = 0; i < 100; i++) {
        const doc = (await shop.shop.storage.db('office').get<{ data: { outcome?: CommandOutcome } }>(id)).data.outcome;
        if (doc) return doc;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no outcome for ${id}`);
    };
    expect(await outcomeOf(await push('florist'))).toMatchObject({ ok: false, status: 403, reason: 'Отменить оплату может только менеджер' });
    expect((await stored(sale.id)).paid).toMatchObject({ status: 'paid', method: 'card' });
    expect(await outcomeOf(await push('manager'))).toMatchObject({ ok: true });
    const after = await stored(sale.id);
    expect(after.paid).toBeUndefined();
    expect(after.history?.at(-1)).toMatchObject({ by: demoPhones.manager, what: 'Отмена оплаты', after: { voidedPayment: { payment: wrong, reason: 'Не та сумма' } } });
  });
});
