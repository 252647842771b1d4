import { z } from 'zod';
import type { Order, OrderChange } from '../orders/order';
import { counterSoldId, createCommandId, isCounterSale, reservedIdIssue, type OrderAction } from '../orders/order-command';
import { driverUuid } from './atol-driver';
import { atCounter, paidAtCounter, recordedPayment } from '../orders/order-money';
import { receiptContent, receiptId, receiptsDue, type CounterRegister, type ReceiptContent, type ReceiptDraft, type ReceiptSettings } from './receipt';

/**
 * A counter sale's receipt printed by the staff device itself, straight through the counter register's driver, while
 * the shop's server is away (issue 30, item 2, DECISIONS «Fiscal receipts»). The one rule of which sales get one and
 * under what id lives here; client/data/counter-prints.ts keeps the device's queue, server/receipts/counter-prints.ts
 * records what the device printed in the server's queue.
 */

/**
 * Whether the payment taken with a studio order as it is created is one the device prints itself when the server is
 * away (issue 30, item 2): money taken at the counter (`atCounter`: cash or card), for a counter sale or a phone or
 * studio order (any delivery). A transfer or a payment «Онлайн» never passed the register on the counter, a counter
 * sale's neither: the server's queue sends its receipt, and the server never takes a device's print of it (`devicePrintIssue`).
 */
export const studioPaymentPrintable = (_draft: { source?: string; delivery: { method: string } }, payment: OrderAction | undefined): boolean =>
  payment?.kind === 'payment' && payment.status === 'paid' && atCounter(payment.method);

/**
 * Whether the device prints the receipt of an order it creates itself: its payment `studioPaymentPrintable`, recorded
 * while the server cannot be reached, when the admin chose the register on the counter (its address came with
 * /api/receipts/counter-register). Online, the server's queue prints it as every other receipt.
 */
export const printsOnDevice = (
  draft: { source?: string; delivery: { method: string } }, payment: OrderAction | undefined, serverReachable: boolean, register: CounterRegister | null,
): boolean => studioPaymentPrintable(draft, payment) && !serverReachable && !!register?.url && !!register.settings;

type PaymentAction = Extract<OrderAction, { kind: 'payment' }>;
/** What the receipt needs of the order as the device prices it (client/studio/orders/studio-order/provisional-orders.ts `waitingOrders`). */
type OrderTaken = Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'source' | 'delivery'>;

/**
 * The receipt of the payment taken with a studio order, as the server's queue will make it once the commands arrive.
 * The server creates the order (its `create` entry moves no money); a counter sale it then hands over at once
 * (`counterSoldId`); the payment command brings the money. So `receiptsDue` makes a counter sale's `sale`, another
 * order's `prepayment`, under `receipt:{kind}:{order}:{payment command}`: built by that same rule from the same steps,
 * so the id is the server's; the content is the device's pricing (what was printed is what the server records).
 */
export const studioOrderReceipt = (order: OrderTaken, payment: { id: string; action: PaymentAction }, settings: ReceiptSettings): ReceiptDraft | null => {
  if (payment.action.status !== 'paid') return null;
  const step = (command: string, before: Record<string, unknown>, after: Record<string, unknown>): OrderChange => ({ command, by: '', at: 0, what: '', before, after });
  const created = step(createCommandId(order.id), {}, { source: order.source });
  const counter = isCounterSale(order);
  const history = counter ? [created, step(counterSoldId(order.id), { status: 'new' }, { status: 'done' })] : [created];
  const paid = recordedPayment(order.total, payment.action.method, payment.action.amount ?? order.total, 0, '');
  const money = step(payment.id, { paid: null }, { paid });
  const wanted = new Set([receiptId('sale', order.id, payment.id), receiptId('prepayment', order.id, payment.id)]);
  return receiptsDue({ ...order, status: counter ? 'done' : 'new', paid, history }, [money], settings).find((r) => wanted.has(r.id)) ?? null;
};

/**
 * Whether the device prints the receipt of a payment on pickup itself (issue 30): a staff member's «payment» command on
 * a pickup order's page (a phone or site order, not a counter sale: that is `printsOnDevice`) bringing cash or card
 * money, recorded while the server cannot be reached, when the admin chose the register on the counter.
 */
export const pickupPaymentPrintsOnDevice = (order: Pick<Order, 'source' | 'delivery'>, action: OrderAction, serverReachable: boolean, register: CounterRegister | null): boolean =>
  action.kind === 'payment' && action.status === 'paid' && atCounter(action.method) &&
  order.delivery.method === 'pickup' && !isCounterSale(order) && !serverReachable && !!register?.url && !!register.settings;

/** What the receipt needs of the order as the device holds it (the board's copy, with its history). */
type OrderNow = Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total' | 'status' | 'paid' | 'history' | 'online'>;

/**
 * The receipt of a payment on pickup as the server's queue will make it when the commands arrive: `receiptsDue` over
 * the order's history as the device holds it, the commands still waiting before this one (a hand-over, an earlier
 * payment) as the server will write them, then this payment. A `sale` when the order is handed over by then, else a
 * `prepayment`, under `receipt:{kind}:{order}:{payment command}`. Null when the device cannot be sure what the server
 * will have (an edit, a reversal or a refund waiting before it): the server's queue prints that one when it is back.
 */
export const pickupPaymentReceipt = (
  order: OrderNow,
  pending: readonly { id: string; action: OrderAction }[],
  payment: { id: string; action: OrderAction },
  settings: ReceiptSettings,
): ReceiptDraft | null => {
  const step = (command: string, before: Record<string, unknown>, after: Record<string, unknown>): OrderChange => ({ command, by: '', at: 0, what: '', before, after });
  const money = (o: OrderNow, a: OrderAction) => (a.kind === 'payment' && a.status === 'paid' ? recordedPayment(o.total, a.method, a.amount ?? o.total, 0, '') : ({ status: 'unpaid' as const }));
  let o: OrderNow = order;
  const steps: OrderChange[] = [];
  for (const c of pending) {
    const a = c.action;
    if (a.kind === 'status') {
      steps.push(step(c.id, { status: o.status }, { status: a.to }));
      o = { ...o, status: a.to };
    } else if (a.kind === 'payment') {
      const paid = money(o, a);
      steps.push(step(c.id, { paid: o.paid ?? null }, { paid }));
      o = { ...o, paid };
    } else if (a.kind !== 'assign' && a.kind !== 'photo') return null;
  }
  const paid = money(o, payment.action);
  const entry = step(payment.id, { paid: o.paid ?? null }, { paid });
  const wanted = new Set([receiptId('sale', order.id, payment.id), receiptId('prepayment', order.id, payment.id)]);
  return receiptsDue({ ...o, paid, history: [...(o.history ?? []), ...steps] }, [entry], settings).find((r) => wanted.has(r.id)) ?? null;
};

/**
 * A device's word that it does not print the receipt of its payment command `command` after all, though the command
 * says `printedHere` (issue 30: the tab closed, or crashed, between writing the command and queueing the print):
 * `POST /api/receipts/device-release`. The server's queue then holds that receipt back no longer (server/receipts/
 * counter-prints.ts `releaseDevicePrint`), whether the command has reached it yet or not, and sends it at once.
 */
export const devicePrintRelease = z.strictObject({ order: z.string().min(1).max(64), command: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
export const devicePrintReleaseAnswer = z.object({ data: z.object({ released: z.boolean() }) });

/** The device's print: waiting for the driver, printed (with the register's fiscal sign) or refused by the register. */
export const counterPrintState = z.enum(['queued', 'printed', 'failed']);
export type CounterPrintState = z.infer<typeof counterPrintState>;
export const fiscalSign = z.strictObject({ sign: z.string().max(40), fn: z.string().max(40), number: z.string().max(40), at: z.string().max(40) });

/** A device print as the office record keeps it (schema/entities/counter-print.ts); its record's id is the driver's uuid. */
export const counterPrintData = z.strictObject({
  /** The receipt's id in the server's queue (`receiptId`): what the server marks registered. */
  receipt: z.string().min(1).max(200),
  order: z.string().min(1).max(64),
  content: receiptContent,
  state: counterPrintState,
  /** Sends tried; the next not before `nextAt` (the device's clock). */
  tries: z.number().int().min(0),
  nextAt: z.number().int().min(0),
  fiscal: fiscalSign.optional(),
  /** Why the last try did not print, or why the register refused, in Russian. */
  reason: z.string().max(500).optional(),
  /** Written by the server only: when its queue recorded the receipt as registered. */
  known: z.number().int().optional(),
  /**
   * Written by the server only: why it does not take this print as the receipt (`devicePrintIssue` once the payment is
   * applied: money not taken at the counter). The server sends that receipt itself; the paper the register printed is
   * not in the books (`printUnbacked`).
   */
  refused: z.string().max(500).optional(),
});
export type CounterPrint = z.infer<typeof counterPrintData>;

/** The office record's id of a receipt's print: the driver's uuid of it (`driverUuid`), so both senders name one task. */
export const counterPrintId = (receipt: string): string => driverUuid(receipt);

type PrintShown = Pick<CounterPrint, 'state' | 'reason' | 'fiscal' | 'known' | 'refused'> & { paymentRefused?: boolean };

/**
 * Whether a device print stands for money the server's books do not back (the one rule of it, for the label and the
 * line's state): printed at the register, never registered, and refused by the server — its payment's command
 * (`paymentRefused`: the command's outcome came back to the device) or the print itself (`refused`: written back by
 * the server, e.g. a payment recorded «Онлайн» or by transfer, which a device's print never settles). The server never
 * registers such a print, so the florist is told to check the till rather than see «ждёт сервер» for ever.
 */
export const printUnbacked = (p: PrintShown): boolean => p.state === 'printed' && !p.known && (!!p.paymentRefused || p.refused !== undefined);

/** The line the sale shows of its device print (`printUnbacked`: «Оплата не принята сервером…»). */
export const counterPrintLabel = (p: PrintShown): string => {
  if (printUnbacked(p)) return 'Оплата не принята сервером: чек напечатан, сверьте кассу';
  if (p.state === 'printed') return p.known ? `Чек зарегистрирован${p.fiscal ? ` (ФП ${p.fiscal.sign})` : ''}` : 'Чек напечатан на кассе, ждёт сервер';
  if (p.state === 'failed') return `Чек не пробит: ${p.reason ?? 'касса отказала'}`;
  return p.reason ? `Чек ждёт кассу: ${p.reason}` : 'Чек печатается на кассе';
};

/**
 * Whether a receipt is one a staff device may have printed itself through the counter's register (the one rule the
 * device's prints and the server's queue share): a `sale` or `prepayment` of its order settling a staff member's command
 * (never one of the server's own steps: YooKassa's payment, its refunds, a counter sale's hand-over), with money taken by
 * staff (not a prepayment counted, nor carried in a YooKassa payment). The server believes a device's print only of
 * such a receipt (`devicePrintIssue`), and holds back only such a receipt whose payment's command said the device
 * prints it (`devicePrintedReceipt`).
 */
/** The command a receipt of `content`'s order and kind settles, read from its id (`receiptId`). */
const settledCommand = (id: string, content: Pick<ReceiptContent, 'kind' | 'order'>): string => id.slice(receiptId(content.kind, content.order, '').length);
/** The payment command a device's print settles. */
export const settledCommandOf = (p: Pick<CounterPrint, 'receipt' | 'content'>): string => settledCommand(p.receipt, p.content);

export const devicePrintable = (id: string, content: ReceiptContent): boolean => {
  const kind = content.kind;
  const command = settledCommand(id, content);
  return (kind === 'sale' || kind === 'prepayment') && id === receiptId(kind, content.order, command) && command.length > 0 &&
    content.payment !== 'prepaid' && !content.providerPayment && !content.inPayment && !reservedIdIssue({ id: command, action: { kind: 'payment', status: 'paid' } });
};

/**
 * Whether the server's queue marks a receipt as one its device prints (`Receipt.devicePrint`): the receipt settles the
 * payment command `command`, whose action carried `printedHere` (the device decided to print as it wrote the command,
 * the server away), and it is one a device may print at all (`devicePrintable`). A device's mark on anything else is
 * not taken: the server sends that receipt at once.
 */
export const devicePrintedReceipt = (id: string, content: ReceiptContent, command: string): boolean =>
  devicePrintable(id, content) && id === receiptId(content.kind, content.order, command);

/**
 * How long at most the server's queue holds back a receipt its device said it prints (`devicePrintedReceipt`) when the
 * register is the one on the counter, from when it was queued (its stored `createdAt`, so every app server and a
 * restarted one hold it alike): until the device's print record marks it registered, or this long — a device may stay
 * offline for hours, and its word never keeps a receipt from the register longer (RECEIPTS_DEVICE_HOLD_MS). Then the
 * server sends it; a task the register already holds is read, not printed again. Every other receipt goes at once.
 */
export const devicePrintHoldMs = 24 * 60 * 60_000;

/**
 * The payment a device's print settles, as the server knows it: the entry its command wrote into the order's history;
 * undefined while the command has not been applied (a print pushed before its payment, or in the same batch, is stored
 * and judged again when the command processor applies the command). `atCounter`: money taken at the counter, cash or
 * card — the only money a device prints (`pickupPaymentPrintsOnDevice`, `studioPaymentPrintable`).
 */
export const printedPayment = (p: Pick<CounterPrint, 'receipt' | 'content'>, history: readonly OrderChange[] | undefined): { atCounter: boolean } | undefined => {
  const command = settledCommand(p.receipt, p.content);
  const entry = history?.find((h) => h.command === command);
  return entry ? { atCounter: paidAtCounter(entry.after.paid) } : undefined;
};

/**
 * Why the server does not take a device's printed receipt as registered, or undefined (both write paths: server/receipts/
 * counter-prints.ts). The server cannot ask the register what it printed, so a device's word is taken only for its own
 * staff's cash or card (`devicePrintable`) of the order it names, under the driver's uuid of that receipt: anything else
 * is refused as the record is written (`paid` not given). `paid` is that payment as the server knows it once its command
 * is applied (`printedPayment`): money not taken at the counter is not taken then — the print is kept, marked
 * `refused` with this reason (the register did print it: `printUnbacked`), and the server sends that receipt.
 */
export const devicePrintIssue = (
  recordId: string, p: Pick<CounterPrint, 'receipt' | 'order' | 'content' | 'state' | 'fiscal'>, paid: { atCounter: boolean } | undefined,
): string | undefined => {
  if (p.state !== 'printed') return undefined;
  if (p.content.order !== p.order || !devicePrintable(p.receipt, p.content)) return 'Чек с кассы не относится к оплате этого заказа';
  // Money taken online elsewhere (a link, a transfer) never passed the counter: the server's queue sends its receipt (issue 30).
  if (paid && !paid.atCounter) return 'Чек с кассы печатают только за наличные или карту в студии: оплату онлайн или переводом пробивает сервер';
  if (recordId !== counterPrintId(p.receipt)) return 'Чек с кассы записан не под своим номером задачи кассы';
  if (!p.fiscal) return 'Напечатанный чек без фискального признака';
  return undefined;
};
