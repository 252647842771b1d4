import { useMemo } from 'react';
import { useLocal } from '../../../data/local-data-context';
import { useUnits } from '../../../data/ref-list';
import { useBalanceBook } from '../../../data/stock-balances';
import { useStockRecords } from '../../../data/stock-records';

/**
 * What every stock-moving screen reads from the device, offline too: flowers and warehouses (by name), live
 * balances (the sum of every stock-moving record here, sent or not), purchase prices from posted invoices and the
 * studio's units (`unit(code)`: its label and whether it is counted whole).
 */
export const useStock = () => {
  const { data } = useLocal();
  const office = data.shop.office;
  const records = useStockRecords(office);
  const { book, loading } = useBalanceBook(office);
  const unit = useUnits();
  return useMemo(() => {
    const { flowers, warehouses, invoices, voided, prices, history } = records;
    return {
      office,
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
  }, [office, records, book, unit, loading]);
};
export type Stock = ReturnType<typeof useStock>;
