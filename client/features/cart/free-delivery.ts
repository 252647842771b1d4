import { deliveryCost, freeDeliveryFrom } from '../../../schema/order';

/** How much more of goods makes courier delivery free, by the rule the checkout and the server use; 0 when it is. */
export const leftForFreeDelivery = (goods: number): number => (deliveryCost('courier', goods) === 0 ? 0 : Math.max(0, freeDeliveryFrom - goods));
