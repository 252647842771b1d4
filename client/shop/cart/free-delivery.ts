import { deliveryCost } from '../../../schema/studio/orders/order';
import type { ShopSettings } from '../../../schema/studio/site/shop-settings';

/** How much more of goods makes courier delivery free, by the rule and settings the checkout and the server use; 0 when it is. */
export const leftForFreeDelivery = (goods: number, s: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'>): number =>
  deliveryCost('courier', goods, s) === 0 ? 0 : Math.max(0, s.freeDeliveryFrom - goods);
