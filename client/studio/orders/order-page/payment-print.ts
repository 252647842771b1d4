import type { Order } from '../../../../schema/studio/orders/order';
import type { OrderAction } from '../../../../schema/studio/orders/order-command';
import { pickupPaymentPrintsOnDevice, pickupPaymentReceipt } from '../../../../schema/studio/receipts/counter-print';
import type { ReceiptDraft } from '../../../../schema/studio/receipts/receipt';
import { askCounterRegister } from '../../../data/counter-prints';
import type { OrderCommandView } from '../../../data/order-commands';

/**
 * Before a payment on pickup is written on the device from the order page (issue 30): if the server cannot be reached
 * now and the admin chose the register on the counter, this device prints the payment's receipt itself
 * (`pickupPaymentPrintsOnDevice`), made as the server will make it from the order the device holds and the commands
 * still waiting before this one (`pickupPaymentReceipt`). Answers that receipt, or null (the server's queue prints it).
 * Asked before the write, so the command itself says the device prints it (`printedHere`): the server then holds its
 * receipt back for the print, and sends every other one at once. The caller writes the command, then queues the print
 * (`queueCounterPrint`); the staff shell's runner sends it to the register, as a counter sale's.
 */
export const paymentPrintIfServerAway = async (
  order: Order,
  commands: readonly OrderCommandView[],
  payment: { id: string; action: OrderAction },
): Promise<ReceiptDraft | null> => {
  // The server is asked (at most 4 s) only for what could print: money recorded for a pickup order.
  if (payment.action.kind !== 'payment' || payment.action.status !== 'paid' || order.delivery.method !== 'pickup') return null;
  const { reachable, register } = await askCounterRegister();
  if (!pickupPaymentPrintsOnDevice(order, payment.action, reachable, register) || !register?.settings) return null;
  const pending = commands.filter((c) => c.state === 'pending' && c.id !== payment.id).map((c) => ({ id: c.id, action: c.action }));
  return pickupPaymentReceipt(order, pending, payment, register.settings);
};
