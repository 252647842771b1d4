import { createRxDatabase, type RxStorage } from 'rxdb';
import schemas from './schemas-v0.json';

/**
 * Opens the device store the way builds before versioning (every collection at version 0) wrote it, with the
 * schemas they derived (schemas-v0.json, taken from that build). Tests write with it what a returning
 * device holds, then open today's build over it.
 */
export const openStoreV0 = async <I, O>(prefix: string, storage: RxStorage<I, O>) => {
  const shop = await createRxDatabase({ name: `${prefix}shop`, storage, multiInstance: false });
  await shop.addCollections(Object.fromEntries(Object.entries(schemas.shop).map(([name, schema]) => [name, { schema }])) as never);
  const dataSources = await createRxDatabase({ name: `${prefix}datasources`, storage, multiInstance: false });
  await dataSources.addCollections({ cache: { schema: schemas.datasources.cache } } as never);
  return { shop, dataSources };
};
