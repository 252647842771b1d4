import { z } from 'zod';
import { product, type Product } from '../../schema/product';
import { page, type Page } from '../../schema/page';
import { shopEvent, type ShopEvent } from '../../schema/event';
import { cart } from '../../schema/cart';
import { cacheRecord, type CacheRecord } from '../../schema/cache-record';
import { order, orderDraft, type Order } from '../../schema/order';
import { officeRecord, type OfficeRecord } from '../../schema/record';
import { rxSchemaOf } from './rx-schema';

/** A stored cart: the spec's value {cart} under its owner key (phone digits after the first 7, or 'undefined'). */
export const storedCart = cart.extend({ owner: z.string().min(1).max(20) });
export type StoredCart = z.infer<typeof storedCart>;

/**
 * An order placed on this device: kept until the server's copy of it has been pulled into `orders`.
 * `number` is set once the server accepted it; `error` when the server refused it.
 */
export const pendingOrder = orderDraft.extend({
  owner: z.string().regex(/^7\d{10}$/),
  createdAt: z.number().int().min(0),
  number: z.number().int().min(1).optional(),
  total: z.number().int().min(0).optional(),
  error: z.string().max(500).optional(),
});
export type PendingOrder = z.infer<typeof pendingOrder>;

/**
 * Every collection of the page. RxDB open source refuses more than 13 over all databases; we keep 8 or fewer.
 * shop: products, pages, events, carts, orders (pulled from the customer's `orders-{phone}`), pendingOrders (the outbox),
 * office (staff devices: every back-office record of the office tier, one envelope for all entity types).
 * datasources (the spec's DataSources database): cache.
 */
export const shopCollections = {
  products: { schema: rxSchemaOf<Product>(product, 'id'), zod: product },
  pages: { schema: rxSchemaOf<Page>(page, 'id'), zod: page },
  events: { schema: rxSchemaOf<ShopEvent>(shopEvent, 'id'), zod: shopEvent },
  carts: { schema: rxSchemaOf<StoredCart>(storedCart, 'owner'), zod: storedCart },
  orders: { schema: rxSchemaOf<Order>(order, 'id'), zod: order },
  pendingOrders: { schema: rxSchemaOf<PendingOrder>(pendingOrder, 'id'), zod: pendingOrder },
  office: { schema: rxSchemaOf<OfficeRecord>(officeRecord, 'id'), zod: officeRecord },
} as const;

export const dataSourceCollections = {
  cache: { schema: rxSchemaOf<CacheRecord>(cacheRecord, 'id'), zod: cacheRecord },
} as const;
