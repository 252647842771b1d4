import { courier as courierEntity } from '../../schema/entities/courier';
import { orderActionLabels } from '../../schema/entities/order-command';
import { counterSoldId, customerCancelId, isCounterSale, mayCommand, mayCreateOrder, onlineStepId, reservedIdIssue, type CommandOutcome, type OrderAction, type OrderCommand } from '../../schema/studio/orders/order-command';
import { assemblingFlorist, concurrentStatus, customerCancelReason, customerMayCancel, isEditable, statusName } from '../../schema/studio/orders/order-lifecycle';
import { deliveryCost, type Order, type OrderChange, type OrderPayment, type PaidMethod } from '../../schema/studio/orders/order';
import { lateOnlineRefund, paymentProviderName, paymentReversal, providerPaid, received, recordedPayment, refundOutcome, staffCommandIssue } from '../../schema/studio/orders/order-money';
import { awaitsOnlinePayment, type OnlinePayment } from '../../schema/shop/online-payment';
import { unitsByProduct } from '../../schema/studio/stock/stock';
import { today } from '../../schema/shared/day';
import { isStaff, staffName, type User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { toSynced } from '../db/synced';
import { HttpError } from '../http/errors';
import { photoImage } from '../photos/photo-image';
import { photoStore } from '../photos/photos';
import { tierStore } from '../records/tier-store';
import { editHoldKey, holdKey, orderOf, recordFromDoc, type OrderRecord } from './order-record';
import { priceLines } from './price-lines';
import { readShopSettings } from '../studio/shop-settings';
import { customerView } from './customer-view';
import { assembly } from './assembly';
import { spreadOrder } from './spread';
import type { OrderService } from './order-service';
import { orderTitle } from '../../schema/studio/orders/order-number';
import { queueReceipts } from '../receipts/receipts';
import { settleDevicePrints } from '../receipts/counter-prints';
import { queueRefunds } from '../payments/refunds';

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

/** Who last changed `field` of the order (the history's newest entry that touched it), as a phone; '' if nobody has. */
const lastChangedBy = (current: OrderRecord, field: string): string => [...(current.history ?? [])].reverse().find((h) => field in h.after)?.by ?? '';

/**
 * An assignment against the order as it is now (issue 18, item 11). The device says whom it showed in the place
 * (`seen`); if someone else has been put there (or taken off) since, the command is refused, naming who is there
 * now and who did it. Taking nobody off (an empty «Назначить» over an empty place) is no change and is refused too.
 */
const assignIssue = (place: 'Флорист' | 'Курьер', want: string | null, seen: string | null | undefined, now: string | null, shown: string, who: string): HttpError | null => {
  if (seen !== undefined && now !== seen && now !== want)
    return conflict(`${place} уже ${now ? shown : 'снят'} (изменил(а): ${who}): ваше назначение не применено`);
  if (want === null && (seen ?? null) === null)
    return new HttpError(400, `${place === 'Флорист' ? 'Укажите флориста' : 'Выберите курьера'}: пустое назначение ничего не меняет`);
  return null;
};

/**
 * The one rule of a paid order, whoever records it: a staff member's payment command or the provider's payment.
 * Paid when what came covers the total; a part payment leaves the rest owed (schema/studio/orders/order-money.ts).
 */
const markedPaid = (current: OrderRecord, method: PaidMethod | undefined, amount: number, at: number, by: string): OrderPayment =>
  recordedPayment(current.total, method, amount, at, by);

/**
 * What the server itself does to an order, beside staff commands: the online payment's steps (DECISIONS.md «Online
 * payment»). Never sent by a device; applied once each by its id, through the same history as staff commands.
 */
type ServerAction =
  | { kind: 'online'; online: OnlinePayment }
  | { kind: 'online-paid'; payment: string; amount: number }
  | { kind: 'online-expired' }
  /** The provider's payment that came after the order was cancelled, returned through it (`lateOnlineRefund`). */
  | { kind: 'online-refund'; payment: string; amount: number }
  /** The provider's payment that came for an order already paid (cash or card at the counter): returned, the order's payment put back. */
  | { kind: 'online-twice'; payment: string; amount: number; restore?: OrderPayment };
/** When a command was made on the device, for the history: never later than it was applied (a device's clock may run fast). */
const madeAtOf = (madeAt: number | undefined, now: number): { madeAt?: number } => (madeAt === undefined ? {} : { madeAt: Math.min(madeAt, now) });

type AnyCommand = { id: string; order: string; action: OrderAction | ServerAction; madeAt?: number };
const isOrderAction = (a: OrderAction | ServerAction): a is OrderAction => a.kind !== 'online' && a.kind !== 'online-paid' && a.kind !== 'online-expired' && a.kind !== 'online-refund' && a.kind !== 'online-twice';
const actionLabels: Record<(OrderAction | ServerAction)['kind'], string> = {
  ...orderActionLabels,
  online: 'Оплата онлайн',
  'online-paid': 'Оплачен онлайн',
  'online-expired': 'Статус',
  'online-refund': 'Оплата пришла после отмены: деньги возвращаются через ЮKassa',
  'online-twice': 'Онлайн-оплата пришла, когда заказ уже был оплачен: деньги возвращаются через ЮKassa',
};

/** Who the history names for the server's own steps of an online payment. */
const paymentProvider: User = { phone: paymentProviderName, name: paymentProviderName, roles: [], isAdmin: false };
const onlineHold: User = { phone: 'сайт', name: 'Сайт', roles: [], isAdmin: false };

/** What a staff member below a kind's level (schema/studio/orders/order-command.ts `orderActionLevel`) is told. */
const managersOnly: Partial<Record<OrderAction['kind'], string>> = {
  create: 'Заказы по телефону и с доставкой принимает менеджер; флорист записывает продажу в студии',
  'void-payment': 'Отменить оплату может только менеджер',
  refund: 'Вернуть деньги может только менеджер',
};

const onlineExpiredReason = 'Не оплачен онлайн вовремя: букеты вернулись в продажу';

/**
 * Staff commands on orders (issue 10), the one path every change of a placed order takes (`/api/orders/command`,
 * `/api/orders/update-status`, commands pushed through /db/office). Each command is applied at most once: its id is
 * written into the order's history in the same write as the change, so a retry, a second app server or a restart
 * finds it there and answers the same outcome without changing anything. A command that is refused changes nothing.
 * The rules are schema/studio/orders/order-lifecycle.ts's; what a command needs checked outside the order (a staff florist, an
 * active courier, a photo's bytes, the shelf for an edit) is checked before the order's write.
 */
export const orderCommands = (shop: Shop, service: OrderService) => {
  const orders = shop.storage.db('orders');
  const records = tierStore(shop.storage);
  const photos = photoStore(shop.storage);
  const { stock } = service;
  const stems = assembly(shop.storage);

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

  /** The names of everyone the order's history or florist field holds, as their user records have them now. */
  const staffNames = async (current: OrderRecord): Promise<Map<string, string>> => {
    const phones = new Set([...(current.history ?? []).map((h) => h.by), current.florist ?? ''].filter((p) => /^7\d{10}$/.test(p) && p !== current.customer));
    return new Map(await Promise.all([...phones].map(async (p): Promise<[string, string]> => [p, (await shop.users.get(p))?.name ?? ''])));
  };

  const courierName = async (id: string | undefined): Promise<string> => {
    if (!id) return '';
    const found = await records.get('office', courierEntity.type, id);
    const data = found && courierEntity.fields.safeParse(found.data);
    return data?.success ? data.data.name : 'другой курьер';
  };

  /** An edit that came after assembly started: it says who moved the order on. */
  const lateEdit = (current: OrderRecord, prepared: Prepared) =>
    conflict(`Заказ уже «${statusName(current.status)}» (изменил(а): ${prepared.name(lastChangedBy(current, 'status'))}): менять его можно только до начала сборки`);

  /** What the command changes, decided on the order as stored now; throws a Russian 4xx to refuse. Runs again on a write conflict, so it only reads. */
  const decide = (current: OrderRecord, command: AnyCommand, prepared: Prepared, now: number): Decision => {
    const { action } = command;
    // Decided on the order as it is now: a florist's cancellation made offline that arrives after assembly started is refused.
    const denied = prepared.staff && isOrderAction(action) ? staffCommandIssue(prepared.staff, current, action) : null;
    if (denied) throw new HttpError(403, denied);
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
        const { apply, issue } = concurrentStatus(current.status, action.from, action.to, prepared.name(lastChangedBy(current, 'status')));
        if (issue) throw conflict(issue);
        if (!apply) return { unchanged: `Заказ уже «${statusName(current.status)}»` };
        const florist = prepared.staff ? assemblingFlorist(current.florist, action.to, prepared.by) : undefined;
        return change({ status: action.to, ...(action.to === 'cancelled' ? { cancelReason: action.reason } : {}), ...(florist ? { florist } : {}) });
      }
      case 'payment': {
        if (action.status === 'paid' && !action.method) throw new HttpError(400, 'Укажите способ оплаты');
        return change({ paid: action.status === 'paid' ? markedPaid(current, action.method, action.amount ?? current.total, now, prepared.by) : { status: 'unpaid', at: now, by: prepared.by } });
      }
      case 'online-paid':
        // Paid already by YooKassa: nothing more. Paid by staff (cash or card at the counter): the customer paid twice;
        // the money is recorded on top, and `markPaidOnline` returns it through YooKassa at once (`lateOnlineRefund`).
        if (current.paid?.status === 'paid' && providerPaid(current.paid)) return { unchanged: 'Заказ уже оплачен' };
        if (current.paid?.status === 'paid')
          return change({ paid: markedPaid(current, 'online', received(current) + action.amount, now, prepared.by), ...(current.online ? { online: { ...current.online, status: 'paid' as const, payment: action.payment } } : {}) });
        return change({ paid: markedPaid(current, 'online', action.amount, now, prepared.by), ...(current.online ? { online: { ...current.online, status: 'paid' as const, payment: action.payment } } : {}) });
      case 'online':
        if (current.paid?.status === 'paid') return { unchanged: 'Заказ уже оплачен' };
        return change({ online: action.online });
      case 'online-expired':
        // Decided on the order as written: a payment marked a moment ago, or a florist who took the order on, wins.
        if (!awaitsOnlinePayment(current)) return { unchanged: 'Заказ уже не ждёт оплаты' };
        if (current.status !== 'new') return { unchanged: `Заказ уже «${statusName(current.status)}»: студия взяла его в работу` };
        return change({ status: 'cancelled', cancelReason: onlineExpiredReason });
      case 'assign': {
        const florist = action.florist === undefined ? null : assignIssue('Флорист', action.florist, action.seenFlorist, current.florist ?? null, prepared.name(current.florist ?? ''), prepared.name(lastChangedBy(current, 'florist')));
        const courier = action.courier === undefined ? null : assignIssue('Курьер', action.courier, action.seenCourier, current.courier ?? null, prepared.courierName, prepared.name(lastChangedBy(current, 'courier')));
        if (florist ?? courier) throw florist ?? courier;
        return change({
          ...(action.florist !== undefined ? { florist: action.florist ?? undefined } : {}),
          ...(action.courier !== undefined ? { courier: action.courier ?? undefined } : {}),
        });
      }
      case 'edit': {
        if (!isEditable(current.status)) throw lateEdit(current, prepared);
        if (current.updatedAt !== action.seenUpdatedAt) {
          const last = current.history?.at(-1);
          throw conflict(`Заказ успели изменить${last ? ` («${last.what}», ${prepared.name(last.by)})` : ''}: откройте его заново и повторите правку`);
        }
        const { edit } = prepared;
        if (!edit) throw new Error('edit not prepared');
        return change(edit);
      }
      case 'photo':
        if (current.status === 'cancelled') throw conflict('Заказ отменён: фото к нему не добавить');
        return change({ photo: prepared.photo });
      case 'void-payment': {
        // The payment's entry stays in the history; this one puts `paid` back as it was before it and says why.
        const reversal = paymentReversal(current, action.payment, action.reason);
        if (!reversal.ok) throw new HttpError(reversal.status, reversal.reason);
        const { paid: _reversed, ...rest } = current;
        return { record: reversal.paid ? { ...rest, paid: reversal.paid } : rest, before: reversal.before, after: reversal.after };
      }
      case 'refund':
      case 'online-refund':
      case 'online-twice': {
        // The money goes back, `paid` is lowered by it; the refund receipt follows from the entry (receipt.ts `receiptsDue`), once per command.
        const refund = refundOutcome(current, action.payment, action.amount);
        if (!refund.ok && action.kind !== 'refund') return { unchanged: refund.reason };
        if (!refund.ok) throw new HttpError(refund.status, refund.reason);
        // Paid twice: what is left is the payment the order had before YooKassa's, put back as it was (its method, its day).
        const restore = action.kind === 'online-twice' && action.restore && received({ total: current.total, paid: action.restore }) === received({ total: current.total, paid: refund.paid }) ? action.restore : undefined;
        if (restore) return { record: { ...current, paid: restore }, before: refund.before, after: { ...refund.after, paid: restore } };
        return { record: { ...current, paid: refund.paid }, before: refund.before, after: refund.after };
      }
    }
  };

  interface Prepared {
    by: string;
    /** The staff member whose rights bound the command (schema/studio/orders/order-money.ts); absent for the server's and the customer's own steps. */
    staff?: User;
    /** A phone as the refusals name it: the name the user record holds now, else masked (schema/shared/user.ts `staffName`). */
    name: (phone: string) => string;
    /** The order's courier as named in the office records, read before the write. */
    courierName: string;
    photo?: string;
    edit?: Partial<OrderRecord>;
  }

  /** Checks and work outside the order that a command needs first (each safe to repeat). */
  const prepare = async (command: AnyCommand, current: OrderRecord, user: User, staff: boolean): Promise<Prepared> => {
    const { action } = command;
    const names = action.kind === 'status' || action.kind === 'assign' || action.kind === 'edit' ? await staffNames(current) : new Map<string, string>();
    const prepared: Prepared = {
      by: user.phone,
      ...(staff ? { staff: user } : {}),
      // A customer cancelling is told no staff member's name (issue 18, item 2): only that the studio changed it.
      name: (phone) => (!isStaff(user) ? 'студия' : !phone ? 'другой сотрудник' : phone === current.customer ? 'покупатель' : staffName(phone, names)),
      courierName: action.kind === 'assign' ? await courierName(current.courier) : '',
    };
    if (action.kind === 'assign') await assignee(action);
    if (action.kind === 'photo') {
      if (current.status === 'cancelled') throw conflict('Заказ отменён: фото к нему не добавить');
      const photo = await photos.put(command.id, photoImage(action.image), current.id);
      if (!photo) throw conflict('Фото с таким номером уже есть у другого заказа: сделайте снимок заново');
      prepared.photo = photo;
    }
    if (action.kind === 'edit') {
      if (!isEditable(current.status)) throw lateEdit(current, prepared);
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
      const deliveryPrice = deliveryCost((action.delivery ?? current.delivery).method, subtotal, (await readShopSettings(shop.storage)).settings);
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

  /**
   * What follows a written change: stock (cancelled, lines moved), the stems an assembled order's bouquets take
   * (once: server/orders/assembly.ts) and the copies; safe to repeat, and a repeated command repeats it after a crash.
   */
  const follow = async (before: OrderRecord, after: OrderRecord, eventChanged: boolean, printedHere?: string) => {
    if (after.status === 'cancelled') await stock.release(holdKey(after), after.lines.map((l) => l.id));
    else if (holdKey(after) !== holdKey(before)) await stock.move(holdKey(before), holdKey(after), before.lines.map((l) => l.id), after.lines);
    // Taken when the status moves (and again when a command is repeated, in case a crash cut it short): a payment or a photo on an assembled order reads no recipes.
    if (before === after || before.status !== after.status) await stems.take(after);
    const fresh = (after.history ?? []).filter((h) => !(before.history ?? []).some((b) => b.command === h.command));
    // Money paid through YooKassa goes back through it (a cancellation, «Вернуть деньги»), queued before the refund receipt it
    // may carry, and before the copies: the customer's copy says what goes back (server/orders/spread.ts).
    await queueRefunds(shop.storage, shop.config, orderOf(after), fresh);
    await spreadOrder(shop.storage, orderOf(after), 'replace', eventChanged ? 'replace' : 'if-missing');
    // The fiscal receipts the change's money or hand-over calls for (issue 30): queued once each, never holding the order up.
    await queueReceipts(shop.storage, orderOf(after), fresh, printedHere);
    // A device's print of a payment that reached the server before its command is registered now, against this history.
    await settleDevicePrints(shop.storage, after.id, after.history ?? [], fresh.map((h) => h.command));
  };

  /** The payment command whose device said it prints its receipt at the counter (`printedHere`), by either write path. */
  const printedHereBy = (command: AnyCommand): string | undefined => (command.action.kind === 'payment' && command.action.printedHere ? command.id : undefined);

  /** A command on a placed order, once: the rules decide; the caller checked who may send its kind, and `staff` bounds it by the sender's rights. */
  const applyTo = async (command: AnyCommand, user: User, staff = false): Promise<{ outcome: CommandOutcome; order?: Order }> => {
    const current = await service.recordOf(command.order);
    if (!current || current.stage !== 'placed') throw new HttpError(404, 'Заказ не найден');
    if (current.history?.some((h) => h.command === command.id)) {
      // Applied before: what followed it is repeated (harmless), in case a crash cut it short; its receipts too.
      await follow(current, current, false);
      const own = (current.history ?? []).filter((h) => h.command === command.id);
      await queueRefunds(shop.storage, shop.config, orderOf(current), own);
      await queueReceipts(shop.storage, orderOf(current), own, printedHereBy(command));
      await settleDevicePrints(shop.storage, current.id, current.history ?? [], own.map((h) => h.command));
      return { outcome: ok('Команда уже выполнена'), order: orderOf(current) };
    }
    const prepared = await prepare(command, current, user, staff);
    const { before, after, note } = await write(command, user, prepared);
    const eventChanged = command.action.kind === 'edit' && after !== before;
    await follow(before, after, eventChanged, printedHereBy(command));
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
        if (!allowed) throw new HttpError(403, !isStaff(user) ? 'Команды по заказам доступны только сотрудникам студии' : managersOnly[command.action.kind] ?? 'Это может только менеджер');
        const reserved = reservedIdIssue(command);
        if (reserved) throw new HttpError(400, reserved);
        if (command.action.kind === 'create') {
          if (command.action.draft.id !== command.order) throw new HttpError(400, 'Номер заказа не совпадает с черновиком');
          const now = Date.now();
          const change: OrderChange = { command: command.id, by: user.phone, at: now, ...madeAtOf(madeAt, now), what: orderActionLabels.create, before: {}, after: { source: command.action.draft.source } };
          const placed = await service.createForStudio(command.action.draft, change);
          if (!isCounterSale(command.action.draft)) return { outcome: ok(orderTitle(placed.number)), order: placed };
          // A counter sale is handed over as it is sold: «Доставлен» at once, by whoever sold it, so its stems are
          // taken (the assembly's act) and it never waits on the board as a pickup. Once, by its id; a repeat of
          // the create repeats what follows it (a crash between the two steps).
          const sold = await applyTo({ id: counterSoldId(command.order), order: command.order, action: { kind: 'status', from: 'new', to: 'done' }, madeAt }, user, true).catch((e: unknown) => {
            // A sale a manager has cancelled since stays cancelled: the create sent again is still the create's answer.
            if (e instanceof HttpError) return { order: placed };
            throw e;
          });
          return { outcome: ok(orderTitle(placed.number)), order: sold.order ?? placed };
        }
        return await applyTo({ ...command, madeAt }, user, true);
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
      const paid = await applyTo({ id: onlineStepId('paid'), order, action: { kind: 'online-paid', payment, amount } }, paymentProvider);
      // Money that came for an order cancelled before it goes back through the provider (issue 30), once: the step's id is
      // the payment's, so a notification repeated, the sweep and a second app server all find it done. Checked on every
      // notification, so a crash between the two steps is finished by the next one.
      // The same holds for money that came when staff had already recorded the order paid (the customer paid twice).
      const late = paid.order && lateOnlineRefund(paid.order);
      if (!late) return paid;
      const { cause, ...refund } = late;
      const step = onlineStepId(`refund-${payment}`);
      if (cause === 'paid') return applyTo({ id: step, order, action: { kind: 'online-twice', ...refund } }, paymentProvider);
      return applyTo({ id: step, order, action: { kind: 'online-refund', payment: refund.payment, amount: refund.amount } }, paymentProvider);
    },

    /** A step of the order's online payment (a payment started, failed, given up for payment on delivery), once per `step`. */
    async setOnline(order: string, step: string, online: OnlinePayment): Promise<{ outcome: CommandOutcome; order?: Order }> {
      return applyTo({ id: onlineStepId(step), order, action: { kind: 'online', online } }, paymentProvider);
    },

    /**
     * An order not paid online in time is cancelled and its stock returned, once (command `online-expired` in its history), as a
     * staff cancellation is: the same status command, so two app servers sweeping at once cancel it once.
     */
    async expireOnline(current: Pick<OrderRecord, 'id'>): Promise<{ outcome: CommandOutcome; order?: Order }> {
      try {
        return await applyTo({ id: onlineStepId('expired'), order: current.id, action: { kind: 'online-expired' } }, onlineHold);
      } catch (e) {
        if (e instanceof HttpError) return { outcome: { ok: false, at: Date.now(), status: e.status, reason: e.message } };
        throw e;
      }
    },

    /**
     * The customer cancels their own order from /my while it is not yet being assembled: the same status command as
     * staff send, one per order (`cancel-{order}`, so sending it twice cancels once), signed with the customer's phone.
   * Answers the customer's view of the order.
     */
    async cancelByCustomer(order: string, user: User): Promise<{ outcome: CommandOutcome; order?: Order }> {
      try {
        const current = await service.recordOf(order);
        if (!current || current.stage !== 'placed' || current.customer !== user.phone) throw new HttpError(404, 'Заказ не найден');
        const id = customerCancelId(order);
        if (current.status !== 'cancelled' && !customerMayCancel(current.status))
          throw conflict(`Заказ уже «${statusName(current.status)}»: отменить его теперь можно только по телефону студии`);
        const { outcome, order: after } = await applyTo({ id, order, action: { kind: 'status', from: current.status, to: 'cancelled', reason: customerCancelReason } }, user);
        return { outcome, ...(after ? { order: customerView(after) } : {}) };
      } catch (e) {
        if (e instanceof HttpError) return { outcome: { ok: false, at: Date.now(), status: e.status, reason: e.message.slice(0, 500) } };
        throw e;
      }
    },
  };
};
export type OrderCommands = ReturnType<typeof orderCommands>;
