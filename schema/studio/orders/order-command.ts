import { z } from 'zod';
import { day } from '../../shared/day';
import { derivedId } from '../../shared/derived-id';
import { optionalPhone, phoneMessages } from '../../shared/phone';
import { levelOf, reaches, type Level, type User } from '../../shared/user';
import { orderDraft, orderSource, orderStatus, orderPayment, paidMethod } from './order';

/**
 * What staff do to an order (issue 10), each a command the server checks and may refuse with a Russian reason.
 * A command has an id made on the device: sent twice (a retry, offline then online), it is applied once.
 * `seen` is the order's `updatedAt` (or status) the device acted on: how concurrent changes are decided.
 */
const person = orderDraft.shape.sender;

/**
 * An order taken by phone or at the counter: the customer is found or created by phone; the same numbering, pricing,
 * stock and calendar as the site, without the site's limits for customers (DECISIONS.md).
 */
const optionalPerson = z.strictObject({ name: z.string().trim().max(100, 'Имя длиннее 100 символов'), phone: optionalPhone });

/**
 * A phone or counter order's people: everyone named with a phone, but a counter sale's buyer, who may stay unnamed
 * (a walk-in: no phone, no name; a phone only for one who wants the card). Said on the fields it concerns.
 */
const studioPeopleIssues = (d: { source: string; delivery: { method: string }; customer: { phone: string; name: string }; sender: { phone: string; name: string }; recipient: { phone: string; name: string } }, ctx: z.RefinementCtx) => {
  if (isCounterSale(d)) return;
  for (const who of ['customer', 'sender', 'recipient'] as const) {
    // Read as it came when another field is wrong: a phone still typed is the phone field's own message.
    if (typeof d[who].phone !== 'string' || typeof d[who].name !== 'string') continue;
    if (!d[who].phone) ctx.addIssue({ code: 'custom', path: [who, 'phone'], message: phoneMessages.missing });
    if (!d[who].name) ctx.addIssue({ code: 'custom', path: [who, 'name'], message: 'Укажите имя' });
  }
};

/** Whether a draft, however wrong elsewhere, has its people and delivery as objects: what `studioPeopleIssues` reads. */
const readablePeople = z.object({ customer: z.object({}), sender: z.object({}), recipient: z.object({}), delivery: z.object({}) });
const peopleReadable = (v: unknown): boolean => readablePeople.safeParse(v).success;

export const studioOrderDraft = orderDraft
  .extend({
    // Any code of the studio's list but the site's: site orders are placed by their customers.
    source: orderSource.refine((s) => s !== 'site', 'Заказ с сайта оформляет сам покупатель'),
    customer: optionalPerson,
    sender: optionalPerson,
    recipient: optionalPerson,
  })
  // Said even while other fields are wrong (a half-typed phone, no lines): the form shows every field's message at once.
  .superRefine(studioPeopleIssues, { when: (p) => peopleReadable(p.value) });
export type StudioOrderDraft = z.infer<typeof studioOrderDraft>;

/** A walk-in counter sale: no phone, so no client card and no copy in /my (DECISIONS «Counter sale completes at once»). */
export const isWalkIn = (draft: Pick<StudioOrderDraft, 'customer'>): boolean => draft.customer.phone === '';

export const orderAction = z.discriminatedUnion('kind', [
  /** A phone or counter order (its `order` is the draft's id); offline it waits with a provisional mark until numbered. */
  z.strictObject({ kind: z.literal('create'), draft: studioOrderDraft }),
  /** Move along the lifecycle (schema/studio/orders/order-lifecycle.ts); `reason` is required to cancel. */
  z.strictObject({ kind: z.literal('status'), from: orderStatus, to: orderStatus, reason: z.string().trim().max(500).optional() }),
  /** Record payment apart from status; «Онлайн» is money taken online elsewhere (the provider's own come by its notification). */
  z.strictObject({
    kind: z.literal('payment'),
    status: orderPayment.shape.status,
    method: paidMethod.optional(),
    amount: z.number().int().min(0).max(10_000_000).optional(),
    /**
     * The device that wrote this payment prints its receipt itself at the counter's register (the server was away:
     * schema/studio/receipts/counter-print.ts `printsOnDevice`, `pickupPaymentPrintsOnDevice`). The server's queue then
     * holds that receipt back for the device's print record, never longer than `devicePrintHoldMs` (server/receipts/receipts.ts).
     */
    printedHere: z.literal(true).optional(),
  }),
  /**
   * Assign (or, with null, unassign) the florist (a staff phone) and/or the courier (a courier record id).
   * `seenFlorist`/`seenCourier`: who the device showed in that place (null: nobody) when its user chose. If someone
   * else has been put there since, the command is refused with who did it (issue 18, item 11); an unassignment must
   * say whom it takes off, so an empty «Назначить» can never wipe a colleague's «Беру себе».
   */
  z.strictObject({
    kind: z.literal('assign'),
    florist: z.string().max(20).nullable().optional(),
    courier: z.string().max(64).nullable().optional(),
    seenFlorist: z.string().max(20).nullable().optional(),
    seenCourier: z.string().max(64).nullable().optional(),
  }),
  /** Change what the order is while it is not yet being assembled; the server reprices and moves stock. */
  z.strictObject({
    kind: z.literal('edit'),
    seenUpdatedAt: z.number().int(),
    lines: z.array(orderDraft.shape.lines.element).min(1, 'В заказе должна остаться хотя бы одна позиция; чтобы убрать всё, отмените заказ').max(50).optional(),
    recipient: person.optional(),
    delivery: orderDraft.shape.delivery.optional(),
    date: day.optional(),
    slot: orderDraft.shape.slot.optional(),
    postcard: orderDraft.shape.postcard.optional(),
    anonymous: z.boolean().optional(),
    comment: orderDraft.shape.comment.optional(),
  }),
  /** The finished bouquet's photo: a data: URL (JPEG/PNG/WebP) resized on the device; the server checks and stores it. */
  z.strictObject({ kind: z.literal('photo'), image: z.string().max(1_500_000) }),
  /**
   * «Отменить оплату»: a payment recorded by mistake (a wrong method or amount) is reversed, never erased. `payment` is
   * the command that recorded it (its id in the order's history); the rules are schema/studio/orders/order-money.ts `paymentVoidIssue`.
   */
  z.strictObject({
    kind: z.literal('void-payment'),
    payment: z.string().min(1).max(64),
    reason: z.string().trim().min(1, 'Укажите, почему отменяете оплату').max(500, 'Причина — не длиннее 500 знаков'),
  }),
  /**
   * «Вернуть деньги»: `amount` roubles of the payment recorded by command `payment` go back to the customer (a refund
   * receipt follows, once). Refused past what that payment brought and was not yet returned: schema/studio/orders/order-money.ts `refundIssue`.
   */
  z.strictObject({
    kind: z.literal('refund'),
    payment: z.string().min(1).max(64),
    amount: z.number().int('Сумма возврата — в целых рублях').min(1, 'Сумма возврата — не меньше 1 ₽').max(10_000_000),
  }),
]);
export type OrderAction = z.infer<typeof orderAction>;

/**
 * Who may send each kind of command: any staff member works orders; a phone or counter order is taken by a manager
 * (DECISIONS.md «Studio orders»). The server's check and the board's «Новый заказ» button both read this.
 */
const orderActionLevel: Record<OrderAction['kind'], Level> = {
  create: 'manager', status: 'florist', payment: 'florist', assign: 'florist', edit: 'florist', photo: 'florist', 'void-payment': 'manager', refund: 'manager',
};
export const mayCommand = (user: User | null | undefined, kind: OrderAction['kind']): boolean => reaches(levelOf(user), orderActionLevel[kind]);

/**
 * A counter sale: bouquets sold in the studio from the showcase and taken away (source «Витрина», pickup). Any staff
 * member records one, a florist too; orders by phone and those delivered are a manager's (DECISIONS.md «Counter sale»).
 */
export const isCounterSale = (draft: { source?: string; delivery: { method: string } }): boolean => draft.source === 'showcase' && draft.delivery.method === 'pickup';
const counterSaleLevel: Level = 'florist';

/** Whether this user may take this order: a manager any, a florist a counter sale. The server's check and the screens read it. */
export const mayCreateOrder = (user: User | null | undefined, draft: Pick<StudioOrderDraft, 'source' | 'delivery'>): boolean =>
  mayCommand(user, 'create') || (isCounterSale(draft) && reaches(levelOf(user), counterSaleLevel));

/** Whether this user may record a counter sale at all (the «Продажа в студии» screen and its button). */
export const maySellAtCounter = (user: User | null | undefined): boolean => reaches(levelOf(user), counterSaleLevel);

/**
 * The id of the command that creates an order: one per order, so a server holding a command on an order it does not
 * have yet can look up whether that order's create is on its way (server/orders/command-processor.ts).
 */
export const createCommandId = (order: string): string => derivedId('new-', order);

/**
 * The id of the server's step that hands a counter sale over (its status to «Доставлен») right after it is placed:
 * one per order, so a create sent again completes it once (DECISIONS «Counter sale completes at once»).
 */
export const counterSoldId = (order: string): string => derivedId('sold-', order);

/** The id of a customer's own cancellation from /my: one per order, so two taps or two tabs cancel once. */
export const customerCancelId = (order: string): string => derivedId('cancel-', order);

/** The id of a step the server takes in an order's online payment (`paid`, `expired`, `try-2`, `failed-{payment}`, …). */
export const onlineStepId = (step: string): string => derivedId('online-', step);

/**
 * Why a staff command may not have this id, or null. The ids above are derived, and the one who derives each owns
 * it: the server its steps (a staff command named `cancel-{order}` would make the customer's own cancellation
 * «already done» while the order stays new), a create command its `new-{order}`. Whatever a staff member sends,
 * through /api or /db/office, is held to this (server/orders/order-commands.ts).
 */
export const reservedIdIssue = (command: Pick<OrderCommand, 'id' | 'action'>): string | null => {
  if (['cancel-', 'online-', 'sold-'].some((p) => command.id.startsWith(p))) return 'Такой номер команды сервер оставляет за собой: обновите приложение и повторите';
  if (command.id.startsWith('new-') && command.action.kind !== 'create') return 'Такой номер бывает только у команды нового заказа: обновите приложение и повторите';
  return null;
};

/** One command on one order, as a device sends it. */
export const orderCommand = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  order: z.string().min(1).max(64),
  action: orderAction,
});
export type OrderCommand = z.infer<typeof orderCommand>;



/** What the server answers a command with, and what a device shows on the order when it comes back refused. */
export const commandOutcome = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), at: z.number().int(), note: z.string().max(500).optional() }),
  z.strictObject({ ok: z.literal(false), at: z.number().int(), status: z.number().int(), reason: z.string().max(500) }),
]);
export type CommandOutcome = z.infer<typeof commandOutcome>;
