import { entities } from '../schema/entities';
import { client } from '../schema/entities/client';
import type { Shop } from './context';
import type { DbPushRule } from './db/push-rule';
import type { Storage } from './db/storage';
import { isQuickClose } from '../schema/studio/orders/event';
import { eventsRule } from './db/events-rule';
import { officeBatchRule } from './records/office-push-rule';
import type { EntityHooks } from './records/record-service';
import { writePipeline, type WritePipeline, type WriteRule } from './records/write-pipeline';
import { referencesRule } from './records/references';
import { orderRules } from './orders/rules';
import { refRules } from './refs/rules';
import { voidRules } from './voids/rules';
import { stockRules } from './stock/rules';
import type { StockProjection } from './stock/stock-projection';
import { countCorrectionRule } from './stock/count-corrections';
import { techCardRules } from './tech-cards/rules';
import { moneyRules } from './money/rules';
import { counterPrintRule } from './receipts/counter-prints';
import { receiptsLimitRule } from './receipts/rules';
import { unregisteredOf } from './receipts/receipts';
import { clientRules } from './clients/rules';
import { dayRules } from './days/rules';
import { clientIndex, clientsById } from './clients/client-index';
import { clientTotals } from './clients/client-totals';
import type { OrdersIndex } from './orders/orders-index';
import { stampAlert } from './clients/stamp-alert';

/**
 * Every rule of the books, each declared once by its domain and listed here once: the record API and /db/office run
 * them all, in this order, through one pipeline (server/records/write-pipeline.ts).
 */
const writeRules = (shop: Shop, stock: StockProjection): readonly WriteRule[] => [
  referencesRule,
  ...refRules,
  ...orderRules,
  ...stockRules(stock),
  countCorrectionRule(shop.storage),
  ...techCardRules,
  ...moneyRules(shop.storage),
  receiptsLimitRule(shop.storage),
  counterPrintRule(shop.storage),
  ...clientRules(shop.storage),
  ...voidRules,
  ...dayRules,
];

export const booksOf = (shop: Shop, stock: StockProjection): WritePipeline => writePipeline(shop.storage, writeRules(shop, stock), Object.values(entities), shop.config.booksClock, stock.mirror);

/** What an entity adds when read or after it is stored through the record API (a client's totals, its note stamped on orders). */
export const recordHooks = (shop: Shop, orders: OrdersIndex): Partial<Record<string, EntityHooks>> => {
  const clients = clientIndex(shop.storage);
  // Read at start, not by the first admin who opens the list (20,000 cards take seconds on a busy machine).
  void clients.warm().catch(() => undefined);
  return {
    [client.type]: {
      derive: clientTotals(orders),
      saved: (r) => stampAlert(shop.storage, String(r.data.phone)),
      index: { search: (text) => clients.search(text), byIds: (ids) => clientsById(shop.storage, ids), page: (params, ids) => clients.page(params, ids) },
    },
  };
};

/**
 * The rule of every database that devices push to, by name. A database that `dbAccess` makes writable but that has no
 * rule here accepts nothing: each document is refused, never a 500.
 */
export const pushRules = (books: WritePipeline, storage: Storage, clock?: () => number, officeMark?: () => number, officeWrote?: DbPushRule['wrote']): Readonly<Record<string, DbPushRule>> => ({
  // The receipts are read only for a batch that may hold a quick close of a shift (their legal limit).
  events: { judge: async (_db, _user, docs) => eventsRule('push', clock, docs.some((d) => isQuickClose({ title: d.title })) ? await unregisteredOf(storage) : null) },
  office: { ...officeBatchRule(books, officeMark), ...(officeWrote ? { wrote: officeWrote } : {}) },
});
