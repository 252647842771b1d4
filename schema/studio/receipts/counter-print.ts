import { z } from 'zod';
import type { Order, OrderChange } from '../orders/order';
import { counterSoldId, isCounterSale, type OrderAction } from '../orders/order-command';
import { driverUuid } from './atol-driver';
import { receiptContent, receiptsDue, type CounterRegister, type ReceiptDraft, type ReceiptSettings } from './receipt';

/**
 * A counter sale's receipt printed by the staff device itself, straight through the counter register's driver, while
 * the shop's server is away (issue 30, item 2, DECISIONS «Fiscal receipts»). The one rule of which sales get one and
 * under what id lives here; client/data/counter-prints.ts keeps the device's queue, server/receipts/counter-prints.ts
 * records what the device printed in the server's queue.
 */

/**
 * Whether the device prints this sale's receipt itself: a counter sale (`isCounterSale`) paid now, recorded while the
 * server cannot be reached, when the admin chose the register on the counter (its address came with
 * /api/receipts/counter-register). Online, the server's queue prints it as every other receipt.
 */
export const printsOnDevice = (draft: { source?: string; delivery: { method: string } }, paid: boolean, serverReachable: boolean, register: CounterRegister | null): boolean =>
  isCounterSale(draft) && paid && !serverReachable && !!register?.url && !!register.settings;

type PaymentAction = Extract<OrderAction, { kind: 'payment' }>;
/** What the receipt needs of the sale as the device prices it (client/studio/orders/studio-order/provisional-orders.ts `waitingOrders`). */
type SaleNow = Pick<Order, 'id' | 'number' | 'customer' | 'sender' | 'lines' | 'deliveryPrice' | 'total'>;

/**
 * The receipt of a counter sale's payment, as the server's queue will make it once the commands arrive: the server
 * hands the sale over first (`counterSoldId`) and the payment command then brings the money, so `receiptsDue` makes a
 * `sale` under `receipt:sale:{order}:{payment command}`. Built by that same rule from the same two steps, so the id is
 * the server's; the content is the device's pricing (what was printed is what the server records).
 */
export const counterSaleReceipt = (sale: SaleNow, payment: { id: string; action: PaymentAction }, settings: ReceiptSettings): ReceiptDraft | null => {
  if (payment.action.status !== 'paid') return null;
  const step = (command: string, before: Record<string, unknown>, after: Record<string, unknown>): OrderChange => ({ command, by: '', at: 0, what: '', before, after });
  const sold = step(counterSoldId(sale.id), { status: 'new' }, { status: 'done' });
  const paid = { status: 'paid' as const, ...(payment.action.method ? { method: payment.action.method } : {}), amount: payment.action.amount ?? sale.total };
  const money = step(payment.id, { paid: null }, { paid });
  return receiptsDue({ ...sale, status: 'done', paid, history: [sold] }, [money], settings).find((r) => r.content.kind === 'sale') ?? null;
};

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
});
export type CounterPrint = z.infer<typeof counterPrintData>;

/** The office record's id of a receipt's print: the driver's uuid of it (`driverUuid`), so both senders name one task. */
export const counterPrintId = (receipt: string): string => driverUuid(receipt);

/** The line the sale shows of its device print. */
export const counterPrintLabel = (p: Pick<CounterPrint, 'state' | 'reason' | 'fiscal' | 'known'>): string => {
  if (p.state === 'printed') return p.known ? `Чек зарегистрирован${p.fiscal ? ` (ФП ${p.fiscal.sign})` : ''}` : 'Чек напечатан на кассе, ждёт сервер';
  if (p.state === 'failed') return `Чек не пробит: ${p.reason ?? 'касса отказала'}`;
  return p.reason ? `Чек ждёт кассу: ${p.reason}` : 'Чек печатается на кассе';
};
