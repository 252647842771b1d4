import type { RxCollection } from 'rxdb';
import type { OfficeRecord } from '../../../../schema/shared/record';
import type { Product } from '../../../../schema/shop/product';
import type { OrderAction, StudioOrderDraft } from '../../../../schema/studio/orders/order-command';
import { printsOnDevice, studioOrderReceipt, studioPaymentPrintable } from '../../../../schema/studio/receipts/counter-print';
import type { ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { askCounterRegister, queueCounterPrint } from '../../../data/counter-prints';
import { waitingOrders } from './provisional-orders';

/**
 * After a studio order's commands are written on the device (issue 30, item 2) — a counter sale, or a phone or studio
 * order paid in cash or by card as it is taken: if the server cannot be reached now and the admin chose the register on
 * the counter, the device queues the payment's receipt for its own print (`printsOnDevice`), priced as the device shows
 * the waiting order (`waitingOrders`), under the id the server's queue will give it (`studioOrderReceipt`). The staff
 * shell's runner sends it to the register. Answers whether it queued one.
 */
export const printIfServerAway = async (
  office: RxCollection<OfficeRecord>,
  author: string,
  draft: StudioOrderDraft,
  payment: { id: string; action: OrderAction } | undefined,
  products: ReadonlyMap<string, Product>,
  settings: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'>,
): Promise<boolean> => {
  if (payment?.action.kind !== 'payment' || payment.action.status !== 'paid') return false;
  // The server is asked (at most 4 s) only for what could print: a counter sale, or money taken at the counter.
  if (!studioPaymentPrintable(draft, payment.action)) return false;
  const { reachable, register } = await askCounterRegister();
  if (!printsOnDevice(draft, payment.action, reachable, register) || !register?.settings) return false;
  const [order] = waitingOrders([{ id: draft.id, draft, createdAt: Date.now(), state: 'waiting' }], products, settings);
  const receipt = order ? studioOrderReceipt(order, { id: payment.id, action: payment.action }, register.settings) : null;
  if (!receipt) return false;
  await queueCounterPrint(office, author, receipt);
  return true;
};
