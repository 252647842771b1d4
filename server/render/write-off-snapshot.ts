import { flower } from '../../schema/entities/flower';
import { ref } from '../../schema/entities/ref';
import { warehouse } from '../../schema/entities/warehouse';
import { recordData } from '../../schema/shared/record';
import { writeOffSnapshotMax, type WriteOffSnapshot } from '../../schema/studio/stock/write-off-snapshot';
import type { StockProjection } from '../stock/stock-projection';

/** The lists the form names its choices by: a flower's unit, a line's reason. */
const lists = new Set(['unit', 'write-off-reason']);

/**
 * The write-off form's first content (issue 32, item 1) from this app server's stock projection, caught up with every
 * office change stored before the call: the active flowers and warehouses, the units' and reasons' entries, balances,
 * purchase prices and how often each flower was written off. `null` beyond `writeOffSnapshotMax` records (the form
 * then waits for the device as before). Nothing read but the projection's copy and one catch-up of the changes since.
 */
export const writeOffSnapshotOf = async (stock: StockProjection): Promise<WriteOffSnapshot | null> => {
  const ledger = await stock.current();
  const active = <E extends typeof flower | typeof warehouse>(entity: E) => ledger.references.ofType(entity.type).filter((r) => recordData(entity, r)?.active);
  const entries = ledger.references.ofType(ref.type).filter((r) => lists.has(recordData(ref, r)?.list ?? ''));
  const records = [...active(warehouse), ...active(flower), ...entries];
  if (records.length > writeOffSnapshotMax) return null;
  return { records, stock: ledger.answer(), uses: [...ledger.uses()].map(([id, u]) => ({ flower: id, ...u })) };
};
