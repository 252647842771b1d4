import { createRxDatabase, type RxStorage } from 'rxdb';
import schema from './pending-orders-v4.json';

/** The order outbox's RxDB schema at version 4, as that build derived it: a draft could carry `formerNumber`, not yet `formerPayment`. */
export const pendingOrdersV4Schema = schema;

/**
 * Opens a device's `shop` store holding only the order outbox as builds of version 4 wrote it. Tests write with it
 * what a returning customer's device holds, then open today's build over it.
 */
export const openPendingOrdersV4 = async <I, O>(prefix: string, storage: RxStorage<I, O>) => {
  const shop = await createRxDatabase({ name: `${prefix}shop`, storage, multiInstance: false });
  await shop.addCollections({ pendingOrders: { schema } } as never);
  return shop;
};
