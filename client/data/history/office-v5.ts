import { createRxDatabase, type RxStorage } from 'rxdb';
import schema from './office-v5.json';

/** The office collection's RxDB schema at version 5, as that build derived it: its `type` listed every entity. */
export const officeV5Schema = schema;

/**
 * Opens a device's `shop` store holding only the office collection as builds of version 5 wrote it. Tests write
 * with it what a returning staff device holds, then open today's build over it.
 */
export const openOfficeV5 = async <I, O>(prefix: string, storage: RxStorage<I, O>) => {
  const shop = await createRxDatabase({ name: `${prefix}shop`, storage, multiInstance: false });
  await shop.addCollections({ office: { schema } } as never);
  return shop;
};
