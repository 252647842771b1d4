import { useMemo } from 'react';
import { flower } from '../../../schema/entities/flower';
import { invoice } from '../../../schema/entities/invoice';
import { warehouse } from '../../../schema/entities/warehouse';
import { purchasePrices } from '../../../schema/purchase-price';
import { useLocal } from '../../data/local-data-context';
import { useOfficeOf } from '../../data/office-of';
import { useUnits } from '../../data/ref-list';
import { useBalanceBook } from '../../data/stock-balances';

/**
 * What every stock-moving screen reads from the device, offline too: flowers and warehouses (by name), live
 * balances (the sum of every stock-moving record here, sent or not), purchase prices from posted invoices and the
 * studio's units (`unit(code)`: its label and whether it is counted whole).
 */
export const useStock = () => {
  const { data } = useLocal();
  const office = data.shop.office;
  const flowers = useOfficeOf(office, flower);
  const warehouses = useOfficeOf(office, warehouse);
  const invoices = useOfficeOf(office, invoice);
  const { book, loading } = useBalanceBook(office);
  const unit = useUnits();
  return useMemo(() => {
    const byName = <T extends { data: { name: string } }>(list: T[]) => list.toSorted((a, b) => a.data.name.localeCompare(b.data.name, 'ru'));
    const flowerList = byName(flowers.items);
    return {
      office,
      flowers: flowerList,
      flowerById: new Map(flowerList.map((f) => [f.record.id, f])),
      warehouses: byName(warehouses.items),
      warehouseName: (id: string) => warehouses.items.find((w) => w.record.id === id)?.data.name ?? id,
      invoices: invoices.items.map((i) => i.data),
      prices: purchasePrices(invoices.items.map((i) => ({ ...i.record, data: i.data }))),
      book,
      unit,
      loading: loading || flowers.loading || warehouses.loading,
    };
  }, [office, flowers, warehouses, invoices, book, unit, loading]);
};
export type Stock = ReturnType<typeof useStock>;
