import { useMemo } from 'react';
import type { RxCollection } from 'rxdb';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { useLocal } from '../../../data/local-data-context';
import { useUnits } from '../../../data/ref-list';
import { useBalanceBook } from '../../../data/stock-balances';
import { useStockRecords } from '../../../data/stock-records';

/**
 * What the stock screens read from the device's office collection (`null`: the store is not open yet, and it stays
 * loading): flowers and warehouses (by name), live balances, purchase prices and units.
 */
export const useStockReading = (office: RxCollection<OfficeRecord> | null) => {
  const records = useStockRecords(office);
  const { book, loading } = useBalanceBook(office);
  const unit = useUnits();
  return useMemo(() => {
    const { flowers, warehouses, invoices, voided, prices, history } = records;
    return {
      flowers,
      flowerById: new Map(flowers.map((f) => [f.record.id, f])),
      warehouses,
      warehouseName: (id: string) => warehouses.find((w) => w.record.id === id)?.data.name ?? id,
      invoices: invoices.map((i) => ({ id: i.record.id, data: i.data })),
      voided,
      prices,
      history,
      book,
      unit,
      loading: loading || records.loading,
    };
  }, [records, book, unit, loading]);
};
export type StockReading = ReturnType<typeof useStockReading>;

/**
 * What every stock-moving screen reads from the device, offline too: flowers and warehouses (by name), live
 * balances (the sum of every stock-moving record here, sent or not), purchase prices from posted invoices and the
 * studio's units (`unit(code)`: its label and whether it is counted whole), and the collection they write into.
 */
export const useStock = () => {
  const { data } = useLocal();
  const office = data.shop.office;
  const reading = useStockReading(office);
  return useMemo(() => ({ ...reading, office }), [reading, office]);
};
export type Stock = ReturnType<typeof useStock>;
