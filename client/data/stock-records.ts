import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { z } from 'zod';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { warehouse } from '../../schema/entities/warehouse';
import { purchasePrices, type PurchasePrice } from '../../schema/purchase-price';
import { recordData, type OfficeRecord } from '../../schema/record';

export type Flower = z.infer<typeof flower.fields> & { id: string };
export type Warehouse = z.infer<typeof warehouse.fields> & { id: string };
export type Invoice = z.infer<typeof invoice.fields> & { id: string; record: OfficeRecord };

export interface StockRecords {
  flowers: Flower[];
  warehouses: Warehouse[];
  invoices: Invoice[];
  /** Last and average purchase prices per flower, from the posted invoices on this device. */
  prices: Map<string, PurchasePrice>;
  loading: boolean;
}

const names = new Intl.Collator('ru');
const parsed = <T>(docs: OfficeRecord[], read: (r: OfficeRecord) => T | null): (T & { id: string; record: OfficeRecord })[] =>
  docs.flatMap((r) => {
    const data = read(r);
    return data ? [{ ...data, id: r.id, record: r }] : [];
  });

/**
 * The stock screens' view of the device's office collection, live and offline: flowers and materials, warehouses
 * (each by name) and supply invoices with the purchase prices they give. Records that do not parse (written by a
 * newer app) are left out.
 */
export const useStockRecords = (office: RxCollection<OfficeRecord>): StockRecords => {
  const [state, setState] = useState<StockRecords>({ flowers: [], warehouses: [], invoices: [], prices: new Map(), loading: true });
  useEffect(() => {
    const sub = office.find({ selector: { type: { $in: [flower.type, warehouse.type, invoice.type] } } }).$.subscribe((docs) => {
      const all = docs.map((d) => d.toMutableJSON());
      const of = (type: string) => all.filter((r) => r.type === type);
      const invoices = parsed(of(invoice.type), (r) => recordData(invoice, r));
      setState({
        flowers: parsed(of(flower.type), (r) => recordData(flower, r)).sort((a, b) => names.compare(flower.title(a), flower.title(b))),
        warehouses: parsed(of(warehouse.type), (r) => recordData(warehouse, r)).sort((a, b) => names.compare(a.name, b.name)),
        invoices,
        prices: purchasePrices(invoices.map((i) => ({ ...i.record, data: i }))),
        loading: false,
      });
    });
    return () => sub.unsubscribe();
  }, [office]);
  return state;
};
