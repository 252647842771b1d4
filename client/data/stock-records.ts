import { useMemo } from 'react';
import type { RxCollection } from 'rxdb';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { unvoided, type VoidMark } from '../../schema/shared/voids';
import { warehouse } from '../../schema/entities/warehouse';
import { priceHistory, purchasePrices, type PriceHistory, type PurchasePrice } from '../../schema/studio/stock/purchase-price';
import type { OfficeRecord } from '../../schema/shared/record';
import { useOfficeOf, type Held } from './office-of';
import { useVoidMarks } from './void-marks';

type Flower = Held<typeof flower>;
type Warehouse = Held<typeof warehouse>;
type Invoice = Held<typeof invoice>;

export interface StockRecords {
  /** Flowers and materials by their title (name, variety, colour, length). */
  flowers: Flower[];
  /** Warehouses by name. */
  warehouses: Warehouse[];
  /** Every invoice on the device, voided ones too (see `voided`). */
  invoices: Invoice[];
  /** The voided facts on the device, by id (`useVoidMarks`). */
  voided: ReadonlyMap<string, VoidMark>;
  /** Last and average purchase prices per flower, from the posted invoices on this device. */
  prices: Map<string, PurchasePrice>;
  /** Purchase prices by day: what a write-off of a day is counted at (schema/studio/stock/purchase-price.ts `costOfDay`). */
  history: PriceHistory;
  loading: boolean;
}

const names = new Intl.Collator('ru');

/**
 * The stock screens' records, from the device's one reader (useOfficeOf), live and offline: flowers and materials,
 * warehouses and supply invoices with the purchase prices they give (a voided invoice gives none). Records that do not parse (written by a newer
 * app) are left out. Without a store (`null`: not open yet) it stays loading.
 */
export const useStockRecords = (office: RxCollection<OfficeRecord> | null): StockRecords => {
  const flowers = useOfficeOf(office, flower);
  const warehouses = useOfficeOf(office, warehouse);
  const invoices = useOfficeOf(office, invoice);
  const voided = useVoidMarks(office);
  return useMemo(
    () => ({
      flowers: flowers.items.toSorted((a, b) => names.compare(flower.title(a.data), flower.title(b.data))),
      warehouses: warehouses.items.toSorted((a, b) => names.compare(a.data.name, b.data.name)),
      invoices: invoices.items,
      voided,
      prices: purchasePrices(unvoided(invoices.items.map((i) => ({ id: i.record.id, updatedAt: i.record.updatedAt, data: i.data })), voided)),
      history: priceHistory(unvoided(invoices.items.map((i) => ({ id: i.record.id, data: i.data })), voided).map((i) => i.data)),
      loading: flowers.loading || warehouses.loading || invoices.loading,
    }),
    [flowers, warehouses, invoices, voided],
  );
};
