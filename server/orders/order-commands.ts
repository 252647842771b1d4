import { courier as courierEntity } from '../../schema/entities/courier';
import { orderActionLabels } from '../../schema/entities/order-command';
import { mayCommand, mayCreateOrder, type CommandOutcome, type OrderAction, type OrderCommand } from '../../schema/order-command';
import { concurrentStatus, customerCancelReason, customerMayCancel, isEditable, statusName } from '../../schema/order-lifecycle';
import { deliveryCost, type Order, type OrderChange, type OrderPayment, type PaidMethod } from '../../schema/order';
import { awaitsOnlinePayment, type OnlinePayment } from '../../schema/online-payment';
import { unitsByProduct } from '../../schema/stock';
import { today } from '../../schema/day';
import { isStaff, type User } from '../../schema/user';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { toSynced } from '../db/synced';
import { HttpError } from '../http/errors';
import { photoImage } from '../photos/photo-image';
import { photoStore } from '../photos/photos';
import { tierStore } from '../records/tier-store';
import { editHoldKey, holdKey, orderOf, recordFromDoc, type OrderRecord } from './order-record';
import { priceLines } from './price-lines';
import { spreadOrder } from './spread';
import type { OrderService } from './order-service';
import { orderTitle } from '../../schema/order-number';

type Fields = Record<string, unknown>;

/** What a command does to the order as it is now: the changed record with the fields before and after, or nothing (with why). */
type Decision = { record: OrderRecord; before: Fields; after: Fields } | { unchanged: string };

/** Fields of `next` that differ from `current`, both ways (for the history). */
const diff = (current: Fields, next: Fields): { before: Fields; after: Fields } => {
  const before: Fields = {};
  const after: Fields = {};
  for (const k of Object.keys(next))
    if (k !== 'holds' && JSON.stringify(current[k]) !== JSON.stringify(next[k])) {
      before[k] = current[k] ?? null;
      after[k] = next[k] ?? null;
    }
  return { before, after };
};

const conflict = (reason: string) => new HttpError(409, reason);

/** The one rule of a paid order, whoever records it: a staff member's payment command or the provider's payment. */
const markedPaid = (method: PaidMethod | undefined, amount: number, at: number, by: string): OrderPayment => ({ status: 'paid', method, amount, at, by });

/**
 * What the server itself does to an order, beside staff commands: the online payment's steps (DECISIONS.md «Online
 * payment»). Never sent by a device; applied once each by its id, through the same history as staff commands.
 */
export type ServerAction = { kind: 'online'; online: OnlinePayment } | { kind: 'online-paid'; payment: string; amount: number } | { kind: 'online-expired' };
/** When a command was made on the device, for the history: never later than it was applied (a device's clock may run fast). */
const madeAtOf = (madeAt: number | undefined, now: number): { madeAt?: number } => (madeAt === undefined ? {} : { madeAt: Math.min(madeAt, now) });

type AnyCommand = { id: string; order: string; action: OrderAction | ServerAction; madeAt?: number };
const actionLabels: Record<(OrderAction | ServerAction)['kind'], string> = { ...orderActionLabels, online: 'Оплата онлайн', 'online-paid': 'Оплачен онлайн', 'online-expired': 'Статус' };

/** Who the history names for the server's own steps of an online payment. */
const paymentProvider: User = { phone: 'ЮKassa', name: 'ЮKassa', roles: [], isAdmin: false };
const onlineHold: User = { phone: 'сайт', name: 'Сайт', roles: [], isAdmin: false };

export const onlineExpiredReason = 'Не оплачен онлайн вовремя: букеты вернулись в продажу';

/**
 * Staff commands on orders (issue 10), the one path every change of a placed order takes (`/api/orders/command`,
 * `/api/orders/update-status`, commands pushed through /db/office). Each command is applied at most once: its id is
 * written into the order's history in the same write as the change, so a retry, a second app server or a restart
 * finds it there and answers the same outcome without changing anything. A command that is refused changes nothing.
 * The rules are schema/order-lifecycle.ts's; what a command needs checked outside the order (a staff florist, an
 * active courier, a photo's bytes, the shelf for an edit) is checked before the order's write.
 */
export const orderCommands = (shop: Shop, service: OrderService) => {
  const orders = shop.storage.db('orders');
  const records = tierStore(shop.storage);
  const photos = photoStore(shop.storage);
  const { stock } = service;

  const assignee = async (action: Extract<OrderAction, { kind: 'assign' }>) => {
    if (action.florist === undefined && action.courier === undefined) throw new HttpError(400, 'Укажите флориста или курьера');
    if (action.florist) {
      const florist = await shop.users.get(action.florist);
      if (!florist || !isStaff(florist)) throw new HttpError(400, 'Флорист не найден среди сотрудников студии');
    }
    if (action.courier) {
      const found = await records.get('office', courierEntity.type, action.courier);
      const data = found && courierEntity.fields.safeParse(found.data);
      if (!data?.success) throw new HttpError(400, 'Курьер не найден: добавьте его в «Курьеры»');
      if (!data.data.active) throw new HttpError(400, `Курьер ${data.data.name} сейчас не работает`);
    }
  };

  /** What the command changes, decided on the order as stored now; throws a Russian 4xx to refuse. Runs again on a write conflict, so it only reads. */
  const decide = (current: OrderRecord, command: AnyCommand, prepared: Prepared, now: number): Decision => {
    const { action } = command;
    const change = (fields: Partial<OrderRecord>): Decision => {
      const { before, after } = diff(current, fields);
      if (!Object.keys(after).length) return { unchanged: 'Изменений нет' };
      return { record: { ...current, ...fields }, before, after };
    };
    switch (action.kind) {
      case 'create':
        throw new HttpError(409, 'Заказ с этим номером уже есть');
      case 'status': {
        if (action.to === 'cancelled' && !action.reason) throw new HttpError(400, 'Укажите причину отмены');
        const { apply, issue } = concurrentStatus(current.status, action.from, action.to);
        if (issue) throw conflict(issue);
        if (!apply) return { unchanged: `Заказ уже «${statusName(current.status)}»` };
        return change({ status: action.to, ...(action.to === 'cancelled' ? { cancelReason: action.reason } : {}) });
      }
      case 'payment': {
        if (action.status === 'paid' && !action.method) throw new HttpError(400, 'Укажите способ оплаты');
        return change({ paid: action.status === 'paid' ? markedPaid(action.method, action.amount ?? current.total, now, prepared.by) : { status: 'unpaid', at: now, by: prepared.by } });
      }
      case 'online-paid':
        // Money that came twice (a second payment, staff recorded cash) is the studio's to return: paid stays as it is.
        if (current.paid?.status === 'paid') return { unchanged: 'Заказ уже оплачен' };
        return change({ paid: markedPaid('online', action.amount, now, prepared.by), ...(current.online ? { online: { ...current.online, status: 'paid' as const, payment: action.payment } } : {}) });
      case 'online':
        if (current.paid?.status === 'paid') return { unchanged: 'Заказ уже оплачен' };
        return change({ online: action.online });
      case 'online-expired':
        // Decided on the order as written: a payment marked a moment ago, or a florist who took the order on, wins.
        if (!awaitsOnlinePayment(current)) return { unchanged: 'Заказ уже не ждёт оплаты' };
        if (current.status !== 'new') return { unchanged: `Заказ уже «${statusName(current.status)}»: студия взяла его в работу` };
        return change({ status: 'cancelled', cancelReason: onlineExpiredReason });
      case 'assign':
        return change({
          ...(action.florist !== undefined ? { florist: action.florist ?? undefined } : {}),
          ...(action.courier !== undefined ? { courier: action.courier ?? undefined } : {}),
        });
      case 'edit': {
        if (!isEditable(current.status)) throw conflict(`Заказ уже «${statusName(current.status)}»: менять его можно только до начала сборки`);
        if (current.updatedAt !== action.seenUpdatedAt) throw conflict('Заказ успели изменить: откройте его заново и повторите правку');
        const { edit } = prepared;
        if (!edit) throw new Error('edit not prepared');
        return change(edit);
      }
      case 'photo':
        if (current.status === 'cancelled') throw conflict('Заказ отменён: фото к нему не добавить');
        return change({ photo: prepared.photo });
    }
  };

  interface Prepared {
    by: string;
    photo?: string;
    edit?: Partial<OrderRecord>;
  }

  /** Checks and work outside the order that a command needs first (each safe to repeat). */
  const prepare = async (command: AnyCommand, current: OrderRecord, user: User): Promise<Prepared> => {
    const { action } = command;
    const prepared: Prepared = { by: user.phone };
    if (action.kind === 'assign') await assignee(action);
    if (action.kind === 'photo') {
      if (current.status === 'cancelled') throw conflict('Заказ отменён: фото к нему не добавить');
      prepared.photo = await photos.put(command.id, photoImage(action.image), current.id);
    }
    if (action.kind === 'edit') {
      if (!isEditable(current.status)) throw conflict(`Заказ уже «${statusName(current.status)}»: менять его можно только до начала сборки`);
      const date = action.date ?? current.date;
      if ((action.date || action.slot) && date < today()) throw new HttpError(400, 'Дата доставки уже прошла');
      const edit: Partial<OrderRecord> = {};
      for (const k of ['recipient', 'delivery', 'date', 'slot', 'postcard', 'anonymous', 'comment'] as const) if (action[k] !== undefined) Object.assign(edit, { [k]: action[k] });
      let lines = current.lines;
      if (action.lines) {
        // The order's own units count as on the shelf for it: keeping a line is never refused for want of stock.
        lines = priceLines({ lines: action.lines }, await service.productsOf(action.lines.map((l) => l.id)), unitsByProduct(current.lines));
        edit.lines = lines;
        edit.holds = editHoldKey(current.id, command.id);
      }
      const subtotal = lines.reduce((s, l) => s + l.sum, 0);
      const deliveryPrice = deliveryCost((action.delivery ?? current.delivery).method, subtotal);
      if (action.lines || action.delivery) Object.assign(edit, { deliveryPrice, total: subtotal + deliveryPrice });
      prepared.edit = edit;
    }
    return prepared;
  };

  /** Writes the change with its history entry, unless this command is in the history already. */
  const write = async (command: AnyCommand, user: User, prepared: Prepared): Promise<{ before: OrderRecord; after: OrderRecord; note?: string }> => {
    let result: { before: OrderRecord; after: OrderRecord; note?: string } | null = null;
    await upsert<Omit<OrderRecord, 'id'>>(orders, command.order, (doc) => {
      const current = doc && recordFromDoc(doc);
      if (!current || current.stage !== 'placed') throw new HttpError(404, 'Заказ не найден');
      if (current.history?.some((h) => h.command === command.id)) {
        result = { before: current, after: current, note: 'Команда уже выполнена' };
        return null;
      }
      const now = Date.now();
      const decision = decide(current, command, prepared, now);
      if ('unchanged' in decision) {
        result = { before: current, after: current, note: decision.unchanged };
        return null;
      }
      const entry: OrderChange = { command: command.id, by: user.phone, at: now, ...madeAtOf(command.madeAt, now), what: actionLabels[command.action.kind], before: decision.before, after: decision.after };
      const after: OrderRecord = { ...decision.record, updatedAt: now, history: [...(current.history ?? []), entry] };
      result = { before: current, after };
      return toSynced(after);
    });
    if (!result) throw new Error(`order ${command.order}: command ${command.id} decided nothing`);
    return result;
  };

  /** What follows a written change: stock (cancelled, lines moved) and the copies; safe to repeat, and the start-up check repeats it after a crash. */
  const follow = async (before: OrderRecord, after: OrderRecord, eventChanged: boolean) => {
    if (after.status === 'cancelled') await stock.release(holdKey(after), after.lines.map((l) => l.id));
    else if (holdKey(after) !== holdKey(before)) await stock.move(holdKey(before), holdKey(after), before.lines.map((l) => l.id), after.lines);
    await spreadOrder(shop.storage, orderOf(after), 'replace', eventChanged ? 'replace' : 'if-missing');
  };

  /** A command on a placed order, once: the rules decide; the caller checked who may send it. */
  const applyTo = async (command: AnyCommand, user: User): Promise<{ outcome: CommandOutcome; order?: Order }> => {
    const current = await service.recordOf(command.order);
    if (!current || current.stage !== 'placed') throw new HttpError(404, 'Заказ не найден');
    if (current.history?.some((h) => h.command === command.id)) {
      // Applied before: what followed it is repeated (harmless), in case a crash cut it short.
      await follow(current, current, false);
      return { outcome: ok('Команда уже выполнена'), order: orderOf(current) };
    }
    const prepared = await prepare(command, current, user);
    const { before, after, note } = await write(command, user, prepared);
    const eventChanged = command.action.kind === 'edit' && after !== before;
    await follow(before, after, eventChanged);
    return { outcome: ok(note), order: orderOf(after) };
  };

  const ok = (note?: string): CommandOutcome => ({ ok: true, at: Date.now(), ...(note ? { note } : {}) });

  return {
    /**
     * Applies one command for `user` (a staff member; the caller checked). Answers the outcome: ok (applied now,
     * or before) or a refusal with its status and Russian reason. Anything else (the store failing) is thrown, so a
     * processor tries again later.
     */
    async apply(command: OrderCommand, user: User, madeAt?: number): Promise<{ outcome: CommandOutcome; order?: Order }> {
      try {
        const allowed = command.action.kind === 'create' ? mayCreateOrder(user, command.action.draft) : mayCommand(user, command.action.kind);
        if (!allowed)
          throw new HttpError(403, isStaff(user) ? 'Заказы по телефону и с доставкой принимает менеджер; флорист записывает продажу в студии' : 'Команды по заказам доступны только сотрудникам студии');
        if (command.action.kind === 'create') {
          if (command.action.draft.id !== command.order) throw new HttpError(400, 'Номер заказа не совпадает с черновиком');
          const now = Date.now();
          const change: OrderChange = { command: command.id, by: user.phone, at: now, ...madeAtOf(madeAt, now), what: orderActionLabels.create, before: {}, after: { source: command.action.draft.source } };
          const placed = await service.createForStudio(command.action.draft, change);
          return { outcome: ok(orderTitle(placed.number)), order: placed };
        }
        return await applyTo({ ...command, madeAt }, user);
      } catch (e) {
        if (e instanceof HttpError) return { outcome: { ok: false, at: Date.now(), status: e.status, reason: e.message.slice(0, 500) } };
        throw e;
      }
    },

    /**
     * The provider's payment `payment` of `amount` came for the order: marked paid once (command `online-paid` in its history), by
     * the same rule as a staff member's «Оплачен». The caller read the payment from the provider and checked it.
     */
    async markPaidOnline(order: string, payment: string, amount: number): Promise<{ outcome: CommandOutcome; order?: Order }> {
      return applyTo({ id: 'online-paid', order, action: { kind: 'online-paid', payment, amount } }, paymentProvider);
    },

    /** A step of the order's online payment (a payment started, failed, given up for payment on delivery), once per `step`. */
    async setOnline(order: string, step: string, online: OnlinePayment): Promise<{ outcome: CommandOutcome; order?: Order }> {
      return applyTo({ id: `online-${step}`.slice(0, 64), order, action: { kind: 'online', online } }, paymentProvider);
    },

    /**
     * An order not paid online in time is cancelled and its stock returned, once (command `online-expired` in its history), as a
     * staff cancellation is: the same status command, so two app servers sweeping at once cancel it once.
     */
    async expireOnline(current: Pick<OrderRecord, 'id'>): Promise<{ outcome: CommandOutcome; order?: Order }> {
      try {
        return await applyTo({ id: 'online-expired', order: current.id, action: { kind: 'online-expired' } }, onlineHold);
      } catch (e) {
        if (e instanceof HttpError) return { outcome: { ok: false, at: Date.now(), status: e.status, reason: e.message } };
        throw e;
      }
    },

    /**
     * The customer cancels their own order from /my while it is not yet being assembled: the same status command as
     * staff send, one per order (`cancel-{order}`, so sending it twice cancels once), signed with the customer's phone.
     */
    async cancelByCustomer(order: string, user: User): Promise<{ outcome: CommandOutcome; order?: Order }> {
      try {
        const current = await service.recordOf(order);
        if (!current || current.stage !== 'placed' || current.customer !== user.phone) throw new HttpError(404, 'Заказ не найден');
        const id = `cancel-${order}`.slice(0, 64);
        if (current.status !== 'cancelled' && !customerMayCancel(current.status))
          throw conflict(`Заказ уже «${statusName(current.status)}»: отменить его теперь можно только по телефону студии`);
        return await applyTo({ id, order, action: { kind: 'status', from: current.status, to: 'cancelled', reason: customerCancelReason } }, user);
      } catch (e) {
        if (e instanceof HttpError) return { outcome: { ok: false, at: Date.now(), status: e.status, reason: e.message.slice(0, 500) } };
        throw e;
      }
    },
  };
};
export type OrderCommands = ReturnType<typeof orderCommands>;
