import { createRxDatabase, type RxStorage } from 'rxdb';
import schema from './orders-v12.json';

/** The orders collection's RxDB schema at version 12, as that build derived it: a refund was `{ amount, state }`, YooKassa's only. */
export const ordersV12Schema = schema;

/**
 * Opens a device's `shop` store holding only the orders collection as builds of version 12 wrote it. Tests write with
 * it what a returning customer's device holds, then open today's build over it.
 */
export const openOrdersV12 = async <I, O>(prefix: string, storage: RxStorage<I, O>) => {
  const shop = await createRxDatabase({ name: `${prefix}shop`, storage, multiInstance: false });
  await shop.addCollections({ orders: { schema } } as never);
  return shop;
};
