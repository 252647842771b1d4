import type { RxCollection } from 'rxdb';
import type { OfficeRecord } from '../../../../schema/shared/record';
import type { Order } from '../../../../schema/studio/orders/order';
import type { OrderAction } from '../../../../schema/studio/orders/order-command';
import { pickupPaymentPrintsOnDevice, pickupPaymentReceipt } from '../../../../schema/studio/receipts/counter-print';
import { askCounterRegister, queueCounterPrint } from '../../../data/counter-prints';
import type { OrderCommandView } from '../../../data/order-commands';

/**
 * After a payment on pickup is written on the device from the order page (issue 30): if the server cannot be reached
 * now and the admin chose the register on the counter, the device queues the payment's receipt for its own print
 * (`pickupPaymentPrintsOnDevice`), made as the server will make it from the order the device holds and the commands
 * still waiting before this one (`pickupPaymentReceipt`). The staff shell's runner sends it to the register, as a
 * counter sale's (studio-order/counter-print.ts). Answers whether it queued one.
 */
export const printPaymentIfServerAway = async (
  office: RxCollection<OfficeRecord>,
  author: string,
  order: Order,
  commands: readonly OrderCommandView[],
  payment: { id: string; action: OrderAction },
): Promise<boolean> => {
  // The server is asked (at most 4 s) only for what could print: money recorded for a pickup order.
  if (payment.action.kind !== 'payment' || payment.action.status !== 'paid' || order.delivery.method !== 'pickup') return false;
  const { reachable, register } = await askCounterRegister();
  if (!pickupPaymentPrintsOnDevice(order, payment.action, reachable, register) || !register?.settings) return false;
  const pending = commands.filter((c) => c.state === 'pending' && c.id !== payment.id).map((c) => ({ id: c.id, action: c.action }));
  const receipt = pickupPaymentReceipt(order, pending, payment, register.settings);
  if (!receipt) return false;
  await queueCounterPrint(office, author, receipt);
  return true;
};
