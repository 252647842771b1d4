import type { Product } from '../../../../schema/shop/product';
import type { OrderAction, StudioOrderDraft } from '../../../../schema/studio/orders/order-command';
import { printsOnDevice, studioOrderReceipt, studioPaymentPrintable } from '../../../../schema/studio/receipts/counter-print';
import type { ReceiptDraft } from '../../../../schema/studio/receipts/receipt';
import type { ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { askCounterRegister } from '../../../data/counter-prints';
import { waitingOrders } from './provisional-orders';

/**
 * Before a studio order's commands are written on the device (issue 30, item 2) — a counter sale, or a phone or studio
 * order paid in cash or by card as it is taken: if the server cannot be reached now and the admin chose the register on
 * the counter, this device prints the payment's receipt itself (`printsOnDevice`), priced as the device shows the
 * waiting order (`waitingOrders`), under the id the server's queue will give it (`studioOrderReceipt`). Answers that
 * receipt, or null (the server's queue prints it). Asked before the write, so the payment's command itself says the
 * device prints it (`printedHere`): the server then holds that receipt back for the print, and sends every other one at
 * once. The caller writes the commands, then queues the print; the staff shell's runner sends it to the register.
 */
export const printIfServerAway = async (
  draft: StudioOrderDraft,
  payment: { id: string; action: OrderAction } | undefined,
  products: ReadonlyMap<string, Product>,
  settings: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'>,
): Promise<ReceiptDraft | null> => {
  if (payment?.action.kind !== 'payment' || payment.action.status !== 'paid') return null;
  // The server is asked (at most 4 s) only for what could print: a counter sale, or money taken at the counter.
  if (!studioPaymentPrintable(draft, payment.action)) return null;
  const { reachable, register } = await askCounterRegister();
  if (!printsOnDevice(draft, payment.action, reachable, register) || !register?.settings) return null;
  const [order] = waitingOrders([{ id: draft.id, draft, createdAt: Date.now(), state: 'waiting' }], products, settings);
  return order ? studioOrderReceipt(order, { id: payment.id, action: payment.action }, register.settings) : null;
};
