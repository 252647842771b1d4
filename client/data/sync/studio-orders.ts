import type { LocalData } from '../database';

/**
 * Staff signed out: the device forgets the studio's orders (other customers' names, phones and addresses) and keeps
 * only the signed-in phone's own, which /my shows. Customer copies come back from `orders-{phone}` as before.
 */
export const dropStudioCopies = async (data: LocalData, ownPhone: string | null): Promise<number> => {
  const foreign = await data.shop.orders.find({ selector: { customer: { $ne: ownPhone ?? '' } } }).exec();
  if (foreign.length) await data.shop.orders.bulkRemove(foreign.map((o) => o.id));
  return foreign.length;
};
