import { awaitsOnlinePayment, paymentChecking, providerAmount, type FormerPayment, type OnlineMethod, type PaymentState } from '../../schema/shop/online-payment';
import type { Order, OrderDraft, PlaceRequest } from '../../schema/studio/orders/order';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { HttpError } from '../http/errors';
import type { OrderCommands } from '../orders/order-commands';
import { customerView } from '../orders/customer-view';
import { orderOf, type OrderRecord } from '../orders/order-record';
import type { OrderService } from '../orders/order-service';
import { providerNotification, yookassa, type ProviderPayment } from './yookassa';
import { paymentReceiptOf } from '../../schema/studio/receipts/receipt';
import { markReceiptInPayment, readReceiptSettings, receiptsAtYookassa } from '../receipts/receipts';
import { yookassaReceiptPart } from '../receipts/yookassa-receipts';
import { log } from '../ops/log';

/** Payments started for one order; past them the customer pays on delivery or calls the studio. */
const maxPaymentTries = 5;

const notOffered = () => new HttpError(400, 'Онлайн-оплата сейчас недоступна — выберите оплату при получении');

/** What the customer is shown for the order's payment. */
const paymentStateOf = (o: Pick<Order, 'status' | 'paid' | 'online'>): PaymentState => {
  if (o.paid?.status === 'paid') return 'paid';
  if (o.status === 'cancelled') return 'order-cancelled';
  if (!o.online || o.online.status === 'on-delivery') return 'on-delivery';
  // An order a restore lost, its payment still being read at YooKassa: waiting, as far as the customer can tell.
  return o.online.status === 'failed' || !o.online.payment ? 'canceled' : 'pending';
};

/**
 * Online payment through YooKassa (DECISIONS.md «Online payment»). The browser and the notification only name a
 * payment or an order; what is marked comes from the payment as the provider's API answers it, checked against the
 * order's server total, through the order commands (once each, in the order's history).
 */
export const onlinePayments = (shop: Shop, service: OrderService, commands: OrderCommands) => {
  const provider = shop.config.yookassa && yookassa(shop.config.yookassa);
  const holdMs = shop.config.onlineHoldMs;

  const ownOrder = async (id: string, user: User): Promise<OrderRecord> => {
    const r = await service.recordOf(id);
    if (!r || r.stage !== 'placed' || r.customer !== user.phone) throw new HttpError(404, 'Заказ не найден');
    return r;
  };

  /** Every answer to the customer: their view of the order (never the studio's side), its payment state and where to pay. */
  const answer = (o: Order, confirmationUrl?: string): PaymentAnswer => ({ order: customerView(o), state: paymentStateOf(o), ...(confirmationUrl ? { confirmationUrl } : {}) });

  const applied = async (result: Promise<{ outcome: { ok: boolean; status?: number; reason?: string }; order?: Order }>, fallback: OrderRecord): Promise<Order> => {
    const { outcome, order } = await result;
    if (!outcome.ok) throw new HttpError(outcome.status ?? 409, outcome.reason ?? 'Заказ не изменён');
    return order ?? orderOf(fallback);
  };

  /** What a payment, as the provider answered it, means for its order. Safe to repeat and to get in any order. */
  const settle = async (p: ProviderPayment): Promise<Order> => {
    const orderId = typeof p.metadata?.orderId === 'string' ? p.metadata.orderId : '';
    const r = orderId ? await service.recordOf(orderId) : null;
    if (!r || r.stage !== 'placed') throw new HttpError(404, 'Заказ этого платежа не найден');
    if (p.status === 'succeeded') {
      if (p.amount.currency !== 'RUB' || p.amount.value !== providerAmount(r.total)) {
        log.error(`payment ${p.id}: ${p.amount.value} ${p.amount.currency}, order ${r.id} costs ${r.total} RUB: not marked paid`);
        throw new HttpError(409, 'Сумма платежа не совпадает с суммой заказа: заказ не отмечен оплаченным');
      }
      if (r.status === 'cancelled') log.warn(`payment ${p.id}: order ${r.id} was cancelled before the money came: it goes back through YooKassa`);
      if (r.paid?.status === 'paid' && r.online?.payment !== p.id && r.paid.method === 'online') log.error(`payment ${p.id}: order ${r.id} was paid already: the studio returns the second payment`);
      // A payment that carried its receipt is marked so before it marks the order paid, even where the mark made when it
      // started is gone (a restore from a backup older than the payment): its prepayment receipt is never sent again apart.
      const settledBefore = r.paid?.status === 'paid' && r.online?.payment === p.id;
      if (p.receipt_registration && !settledBefore) await markReceiptInPayment(shop.storage, p.id, r.id);
      return applied(commands.markPaidOnline(r.id, p.id, r.total), r);
    }
    // Only the payment tried last decides that the order waits for another try; an older one's failure changes nothing.
    if (p.status === 'canceled' && r.online?.payment === p.id && r.online.status === 'pending')
      return applied(commands.setOnline(r.id, `failed-${p.id}`, { ...r.online, status: 'failed' }), r);
    return orderOf(r);
  };

  /**
   * What the payment a re-sent order named (`online.status: 'checking'`), as YooKassa answered it, means for the order
   * (DECISIONS «A paid order a restore lost»). Succeeded for this order: marked paid by `settle`, the one path every
   * payment takes (the sum checked there). Made for this order, not succeeded: the order waits for it as for any payment.
   * Unknown to YooKassa, or made for another order: the claim is ignored and logged, the order is paid on delivery.
   * Once per order (`restored-check` in its history), however many app servers read the answer.
   */
  const checked = async (r: OrderRecord, p: ProviderPayment | null): Promise<Order> => {
    const online = r.online;
    if (!online || !paymentChecking(r)) return orderOf(r);
    const step = 'restored-check';
    if (!p || p.metadata?.orderId !== r.id) {
      const whose = p ? `made for order ${String(p.metadata?.orderId ?? 'none')}` : 'unknown to YooKassa';
      log.warn(`order ${r.id} sent again after a restore names payment ${online.payment ?? ''}, ${whose}: ignored, the order is not paid`);
      return applied(commands.setOnline(r.id, step, { method: online.method, tries: online.tries, status: 'on-delivery', until: online.until }), r);
    }
    if (p.status === 'succeeded') {
      try {
        return await settle(p);
      } catch (e) {
        // Another sum than the restored shop's price: logged by `settle`; the studio settles it with the customer.
        if (!(e instanceof HttpError) || e.status !== 409) throw e;
        return applied(commands.setOnline(r.id, step, { ...online, status: 'on-delivery' }), r);
      }
    }
    return applied(commands.setOnline(r.id, step, { ...online, status: p.status === 'canceled' ? 'failed' : 'pending', until: Date.now() + holdMs }), r);
  };

  /**
   * A draft sent again after a restore that names the payment its order had: the order is placed waiting for that
   * payment to be read (`checking`), then it is read at YooKassa. An order the restored store still holds, not paid,
   * is marked paid if YooKassa says this payment of it succeeded (paid after the backup). YooKassa not answering leaves
   * the check to the sweep; the device's claim alone never marks anything.
   */
  const sentAgain = async (draft: PlaceRequest, claim: FormerPayment, user: User): Promise<Order> => {
    const checking = provider ? { method: claim.method, payment: claim.id, tries: claim.tries, status: 'checking' as const, until: Date.now() + holdMs } : undefined;
    if (!provider) log.warn(`order ${draft.id} sent again after a restore names payment ${claim.id}, but online payment is off: placed unpaid`);
    const placed = await service.create(draft, user, checking);
    const r = await service.recordOf(placed.id);
    if (!provider || !r || r.stage !== 'placed' || r.paid?.status === 'paid' || r.customer !== user.phone) return placed;
    try {
      if (paymentChecking(r)) return customerView(await checked(r, await provider.get(r.online?.payment ?? '')));
      if (r.online?.payment === claim.id) return placed; // the restored store knows this payment: its own paths read it
      const p = await provider.get(claim.id);
      if (p?.metadata?.orderId === r.id && p.status === 'succeeded') return customerView(await settle(p));
      if (!p || p.metadata?.orderId !== r.id) log.warn(`order ${r.id} sent again after a restore names payment ${claim.id}, ${p ? 'made for another order' : 'unknown to YooKassa'}: ignored`);
    } catch (e) {
      // YooKassa away: the order stays as it is (`checking` ones are read again by the sweep).
      log.warn({ err: e }, `order ${r.id} sent again after a restore: its payment ${claim.id} could not be read now`);
    }
    return customerView(orderOf((await service.recordOf(r.id)) ?? r));
  };

  return {
    offered: !!provider,

    /**
     * `/api/orders/create`: a draft as any, or one a restore lost that names its payment (`sentAgain`). Answers the customer's view.
     */
    async create(draft: PlaceRequest, user: User): Promise<Order> {
      const { formerPayment, ...rest } = draft;
      return formerPayment ? sentAgain(rest, formerPayment, user) : service.create(rest, user);
    },
    holdMs,

    /**
     * «Оплатить сейчас»: places the draft (if given; idempotent on its id) as an order waiting for its payment, or
     * takes the customer's order as it is, and starts a payment at the provider. A payment still under way is reused.
     */
    async start(input: { order: string; method: OnlineMethod; draft?: OrderDraft }, user: User, origin: string): Promise<PaymentAnswer> {
      if (!provider) throw notOffered();
      if (input.draft) {
        if (input.draft.id !== input.order) throw new HttpError(400, 'Номер заказа не совпадает с черновиком');
        await service.create(input.draft, user, { method: input.method, tries: 0, status: 'pending', until: Date.now() + holdMs });
      }
      const r = await ownOrder(input.order, user);
      if (r.paid?.status === 'paid') return answer(orderOf(r));
      if (r.status === 'cancelled') throw new HttpError(409, 'Заказ отменён — оформите новый');
      if (r.status === 'done') throw new HttpError(409, 'Заказ уже доставлен');
      // An order to be paid on delivery stays so: a hold that ran out would cancel an order the customer never meant to risk.
      if (!r.online || r.online.status === 'on-delivery') throw new HttpError(409, 'Этот заказ оплачивается при получении');
      // A paid order a restore lost, its payment being read: a second payment now would take the money twice.
      if (paymentChecking(r)) throw new HttpError(409, 'Оплата заказа проверяется — обновите страницу через минуту');
      if (r.online?.status === 'pending' && r.online.payment && r.online.method === input.method) {
        const current = await provider.get(r.online.payment);
        if (current?.status === 'succeeded') return answer(await settle(current));
        if (current?.status === 'pending' && current.confirmation?.confirmation_url) return answer(orderOf(r), current.confirmation.confirmation_url);
      }
      const tries = (r.online?.tries ?? 0) + 1;
      if (tries > maxPaymentTries) throw new HttpError(409, 'Слишком много попыток оплаты — оплатите заказ при получении или позвоните в студию');
      // With YooKassa as the register, the payment carries its full-prepayment receipt (issue 30): the same lines as any receipt.
      const inside = (await receiptsAtYookassa(shop.storage, shop.config)) ? paymentReceiptOf(orderOf(r), await readReceiptSettings(shop.storage)) : null;
      // The same key for the same try: a request repeated (two taps, two servers) makes one payment at the provider.
      const created = await provider.create({
        ...(inside ? { receipt: yookassaReceiptPart(inside) } : {}),
        key: `${r.id}-${tries}`,
        orderId: r.id,
        number: r.number ?? 0,
        amount: providerAmount(r.total),
        method: input.method,
        returnUrl: `${origin}/orders/thank-you?order=${encodeURIComponent(r.id)}`,
      });
      const url = created.confirmation?.confirmation_url;
      if (!url) throw new HttpError(502, 'Платёжный сервис не дал ссылку на оплату — попробуйте ещё раз');
      if (inside) await markReceiptInPayment(shop.storage, created.id, r.id);
      const order = await applied(commands.setOnline(r.id, `try-${tries}`, { method: input.method, payment: created.id, tries, status: 'pending', until: Math.max(r.online?.until ?? 0, Date.now() + holdMs) }), r);
      return answer(order, url);
    },

    /** The customer is back from the provider: the payment is read from the provider, not taken from the address. */
    async check(id: string, user: User): Promise<PaymentAnswer> {
      const r = await ownOrder(id, user);
      if (provider && r.online?.payment && paymentChecking(r)) return answer(await checked(r, await provider.get(r.online.payment)));
      if (provider && r.online?.payment && awaitsOnlinePayment(r)) {
        const p = await provider.get(r.online.payment);
        if (p) return answer(await settle(p));
      }
      return answer(orderOf(r));
    },

    /** «Оплатить при получении» instead: the order stays, no longer waiting for an online payment. */
    async onDelivery(id: string, user: User): Promise<PaymentAnswer> {
      const r = await ownOrder(id, user);
      if (r.paid?.status === 'paid' || !r.online || r.online.status === 'on-delivery' || paymentChecking(r)) return answer(orderOf(r));
      if (r.status === 'cancelled') throw new HttpError(409, 'Заказ отменён — оформите новый');
      return answer(await applied(commands.setOnline(r.id, `off-${r.online.tries}`, { ...r.online, status: 'on-delivery' }), r));
    },

    /**
     * YooKassa's notification. Not signed: only the payment's id is taken from it; the payment is read from the API
     * (so a forged, replayed or late notification marks only what the provider says is so).
     */
    async notification(body: unknown): Promise<{ ok: true; state: PaymentState }> {
      const parsed = providerNotification.safeParse(body);
      if (!parsed.success) throw new HttpError(400, 'Это не уведомление ЮKassa о платеже');
      if (!provider) throw notOffered();
      // The body's order is only a hint to refuse early: a notification naming no order paid online costs no call to the provider.
      const hinted = parsed.data.object.metadata?.orderId;
      const named = hinted ? await service.recordOf(hinted) : null;
      if (!named?.online) throw new HttpError(404, 'Заказ этого платежа не найден');
      const p = await provider.get(parsed.data.object.id);
      if (!p) throw new HttpError(404, 'Платёж не найден в ЮKassa');
      return { ok: true, state: paymentStateOf(await settle(p)) };
    },

    /**
     * Orders whose time to pay has run out: one the provider says was paid is marked paid, any other is cancelled
     * and its stock returned, once (order-commands' `expireOnline`), however many app servers sweep at once.
     * A provider that does not answer leaves the order for the next sweep.
     */
    async sweep(now = Date.now()): Promise<number> {
      let cancelled = 0;
      for (const r of await service.awaitingOnline()) {
        // A re-sent order's payment not read yet (YooKassa was away): read now, whatever its time; never cancelled unread.
        if (paymentChecking(r)) {
          await (provider && r.online?.payment ? provider.get(r.online.payment).then((p) => checked(r, p)) : Promise.resolve()).catch((e: unknown) =>
            log.error({ err: e }, `online payment sweep, order ${r.id}: its payment could not be read`),
          );
          continue;
        }
        if (!r.online || r.online.until > now) continue;
        try {
          const p = provider && r.online.payment ? await provider.get(r.online.payment) : null;
          if (p?.status === 'succeeded') {
            await settle(p);
            continue;
          }
          const { outcome } = await commands.expireOnline(r);
          if (outcome.ok && !outcome.note) cancelled++;
        } catch (e) {
          log.error({ err: e }, `online payment sweep, order ${r.id} failed`);
        }
      }
      return cancelled;
    },
  };
};
export type OnlinePayments = ReturnType<typeof onlinePayments>;
