import type { RxCollection } from 'rxdb';
import type { OfficeRecord } from '../../../../schema/shared/record';
import type { Product } from '../../../../schema/shop/product';
import type { OrderAction, StudioOrderDraft } from '../../../../schema/studio/orders/order-command';
import { counterSaleReceipt, printsOnDevice } from '../../../../schema/studio/receipts/counter-print';
import type { ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { askCounterRegister, queueCounterPrint } from '../../../data/counter-prints';
import { waitingOrders } from './provisional-orders';

/**
 * After a counter sale's commands are written on the device (issue 30, item 2): if the server cannot be reached now and
 * the admin chose the register on the counter, the device queues the sale's receipt for its own print
 * (`printsOnDevice`), priced as the device shows the waiting sale (`waitingOrders`), under the id the server's queue will
 * give it (`counterSaleReceipt`). The staff shell's runner sends it to the register. Answers whether it queued one.
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
  const { reachable, register } = await askCounterRegister();
  if (!printsOnDevice(draft, true, reachable, register) || !register?.settings) return false;
  const [sale] = waitingOrders([{ id: draft.id, draft, createdAt: Date.now(), state: 'waiting' }], products, settings);
  const receipt = sale ? counterSaleReceipt(sale, { id: payment.id, action: payment.action }, register.settings) : null;
  if (!receipt) return false;
  await queueCounterPrint(office, author, receipt);
  return true;
};
