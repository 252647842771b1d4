import { z } from 'zod';
import type { RxJsonSchema } from 'rxdb';
import { product } from '../../schema/shop/product';
import { page } from '../../schema/shop/page';
import { shopEvent } from '../../schema/studio/orders/event';
import { cacheRecord } from '../../schema/shared/cache-record';
import { order, placeRequest } from '../../schema/studio/orders/order';
import { officeEnvelope } from '../../schema/shared/record';
import { rxSchemaOf } from './rx-schema';
import { storedCart } from './stored-cart';

/**
 * An order placed on this device: kept until the server's copy of it has been pulled into `orders`.
 * `number` is set once the server accepted it; `error` when the server refused it. `formerNumber`: an order the shop
 * lost in a restore from a backup, put back here to be sent again (sync/restored-store.ts); `formerPayment`: the online
 * payment its copy named, for the server to read at YooKassa.
 */
export const pendingOrder = placeRequest.extend({
  owner: z.string().regex(/^7\d{10}$/),
  createdAt: z.number().int().min(0),
  number: z.number().int().min(1).optional(),
  total: z.number().int().min(0).optional(),
  error: z.string().max(500).optional(),
});
export type PendingOrder = z.infer<typeof pendingOrder>;

/** A document as the previous version stored it. */
export type StoredDocument = Record<string, unknown>;
/** Lifts a document from the version before its key to that version. */
export type Migration = (previous: StoredDocument) => StoredDocument;

/**
 * How a collection's documents survive a new version (DECISIONS.md, «Device data versions»):
 * - `server`: a copy of what the server holds. Its documents are dropped and pulled again, and its
 *   replication checkpoint restarts (see `checkpointName`), so nothing needs migrating and nothing is lost.
 * - `device`: written on this device (carts, the order outbox, staff calendar edits not pushed yet). Every
 *   version has a migration that lifts each document; a migration never drops one.
 */
type Declaration<T extends z.ZodType> =
  | { owner: 'server'; zod: T; key: string; version: number; indexes?: string[] }
  | { owner: 'device'; zod: T; key: string; version: number; indexes?: string[]; migrations: Record<number, Migration> };

/** Versions 1 … version: RxDB wants one strategy for each. */
const versionsUpTo = (version: number) => Array.from({ length: version }, (_, i) => i + 1);

const derive = <D extends Record<string, Declaration<z.ZodType>>>(declared: D) =>
  Object.fromEntries(
    Object.entries(declared).map(([name, d]) => {
      const migrationStrategies = Object.fromEntries(
        versionsUpTo(d.version).map((v) => {
          if (d.owner === 'server') return [v, () => null];
          const lift = d.migrations[v];
          if (!lift) throw new Error(`${name}: version ${v} needs a migration in client/data/collections.ts`);
          return [v, lift];
        }),
      );
      return [name, { ...d, schema: rxSchemaOf(d.zod, { name, primaryKey: d.key, version: d.version, indexes: d.indexes }), migrationStrategies }];
    }),
  ) as unknown as {
    [K in keyof D]: D[K] & { schema: RxJsonSchema<z.infer<D[K]['zod']>>; migrationStrategies: Record<number, (doc: StoredDocument) => StoredDocument | null> };
  };

/**
 * Version 1 changed only the schemas' title (now the collection's name); documents are the same.
 * Office version 1 added the optional `replaced` mark, version 2 the `orderCommand` type, version 3 the `client` type (admin tier: never on a device, but the envelope names every type), version 4 the stock types (`warehouse`, `flower`, `ref`, `invoice`, `slip`, `techCard`); stored records are valid as they are.
 */
const unchanged: Migration = (doc) => doc;

/**
 * Every collection of the page, and the one place its shape's version lives. Changing a collection
 * (a field in schema/, an index) changes its derived schema: raise `version` here, add a migration
 * for a `device` collection, and pin the new hash in collections.test.ts. Adding one: declare it here.
 * RxDB open source refuses more than 13 collections over all databases; we keep 8 or fewer.
 * shop: products, pages, events, carts, orders (pulled from the customer's `orders-{phone}`), pendingOrders (the outbox),
 * office (staff devices: the office tier's records, one envelope for every entity type).
 */
export const shopCollections = derive({
  // 2: an item's own care text (`care`). Server copies are pulled again.
  products: { owner: 'server', zod: product, key: 'id', version: 2 },
  // 2: the studio's profile rides in the pages store (`studio` on the page `studio-profile`).
  // 3: so do the shop's settings (`settings`), the catalogue's arrangement (`catalogSetup`) and the home page's (`homeCopy`),
  // and a page may have blocks (the block editor's). Server copies are pulled again.
  // 4: the site's navigation (`navigation`, schema/shop/navigation.ts) rides there too.
  pages: { owner: 'server', zod: page, key: 'id', version: 4 },
  // 2: indexed by day, so the calendar reads one month of the device's copy offline; stored events are valid as they are.
  events: { owner: 'device', zod: shopEvent, key: 'id', version: 2, migrations: { 1: unchanged, 2: unchanged }, indexes: ['day'] },
  carts: { owner: 'device', zod: storedCart, key: 'owner', version: 1, migrations: { 1: unchanged } },
  // Indexed by delivery day: the studio's board reads one day out of every order a staff device holds.
  // 6: the history's `madeAt`; 7: the staff copy's `clientNote` (the client card's note); 8: a slot is any the settings
  // name, not one of five; 9: the source is any code of the studio's list «Источники заказов», not one of four.
  // 10: `formerNumber`, the number an order a restore lost had before a device sent it again. 11: `online.status` may be
  // `checking` (a paid order a restore lost, its payment being read at YooKassa). 12: the customer's copy's `refunds`
  // (money going back through YooKassa, told on /my). 13: a refund's `way`, money the studio handed back itself (cash,
  // card at the studio). Server copies are pulled again.
  orders: { owner: 'server', zod: order, key: 'id', version: 13, indexes: ['date'] },
  // 2: courier delivery may carry `askRecipient` and no address; 3: the slot is any the settings name, and the draft may
  // carry the delivery price the customer saw. 4: `formerNumber` (an order a restore lost, sent again). 5: `formerPayment`
  // (the online payment such an order's copy named, read at YooKassa by the server). Every stored draft is valid as it is.
  pendingOrders: {
    owner: 'device',
    zod: pendingOrder,
    key: 'id',
    version: 5,
    migrations: { 1: unchanged, 2: unchanged, 3: unchanged, 4: unchanged, 5: unchanged },
  },
  // Staff devices: every office-tier record (tasks, couriers, …) in one envelope; it holds unsent staff edits.
  // 4: the envelope's type names the stock, money and catalogue entities (issues 19 and 21), and a studio order's slot
  // is any the settings name (orderCommand's draft); stored records are valid as they are.
  // 5: the type names `void`, a manager's storno of a fact (issue 27, item 6); stored records are valid as they are.
  // 6: the type is any entity's name, no longer the list of them (schema/shared/record.ts `officeEnvelope`): adding or removing
  // an entity never changes this schema again (issue 28, item 1). Stored records are valid as they are.
  office: {
    owner: 'device',
    zod: officeEnvelope,
    key: 'id',
    version: 6,
    migrations: { 1: unchanged, 2: unchanged, 3: unchanged, 4: unchanged, 5: unchanged, 6: unchanged },
  },
});

/** datasources (the spec's DataSources database): a cache of /api answers, refilled from the server. */
export const dataSourceCollections = derive({
  cache: { owner: 'server', zod: cacheRecord, key: 'id', version: 1 },
});

const everyCollection: Record<string, { owner: 'server' | 'device'; version: number }> = { ...shopCollections, ...dataSourceCollections };

/**
 * The name a replication keeps its checkpoint under. A server copy's checkpoint restarts with each version,
 * so what its migration dropped is pulled again. Device data keeps its checkpoint: RxDB migrates the
 * replication's record of the server's side with the same migrations, so unsent edits still go out, once.
 */
export const checkpointName = (collection: string, db: string): string => {
  const c = everyCollection[collection];
  return c?.owner === 'server' && c.version > 0 ? `shop-${db}-v${c.version}` : `shop-${db}`;
};
