import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf, balanceTypes } from '../../schema/shared/record-moves';
import { BalanceBook } from '../../schema/studio/stock/stock-balance';

/**
 * Stock balances on a staff device, live: the sum of the moves of every stock-moving record in the device's office
 * collection (posted invoices, write-offs, transfers, counts, assemblies) less what a void took away, including those made offline and not yet
 * sent. The same sum as the server's (schema/shared/record-moves.ts), so what a florist sees offline is what the server
 * will count. Without a store (`null`: not open yet) it stays loading.
 */
export const useBalanceBook = (office: RxCollection<OfficeRecord> | null): { book: BalanceBook; loading: boolean } => {
  const [state, setState] = useState<{ book: BalanceBook; loading: boolean }>({ book: new BalanceBook(), loading: true });
  useEffect(() => {
    if (!office) return;
    const sub = office.find({ selector: { type: { $in: balanceTypes } } }).$.subscribe((docs) => {
      setState({ book: balanceBookOf(docs.map((d) => d.toMutableJSON())), loading: false });
    });
    return () => sub.unsubscribe();
  }, [office]);
  return state;
};
