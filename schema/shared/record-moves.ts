import { entities, type AnyEntity } from '../entities';
import { recordData, type OfficeRecord } from './record';
import { BalanceBook, type StockMove } from '../studio/stock/stock-balance';
import { voidFact } from '../entities/void';

/** The entities whose records move stock. */
const stockMovingEntities: AnyEntity[] = Object.values(entities).filter((e) => 'moves' in e && typeof e.moves === 'function');
export const stockMovingTypes: string[] = stockMovingEntities.map((e) => e.type);
/** What a balance is read from: the stock-moving records and the voids, which take a voided record's moves away. */
export const balanceTypes: string[] = [...stockMovingTypes, voidFact.type];

/** The record a void record voids, or null for any other record. */
export const voidTargetOf = (record: Pick<OfficeRecord, 'type' | 'v' | 'data'>): string | null =>
  record.type === voidFact.type ? (recordData(voidFact, record)?.target ?? null) : null;

/** What one stored record moves: its entity's `moves` of its data, nothing for a record of another kind or one that does not parse. */
export const movesOfRecord = (record: Pick<OfficeRecord, 'type' | 'v' | 'data'>): readonly StockMove[] => {
  const entity = stockMovingEntities.find((e) => e.type === record.type);
  const moves = entity?.moves as ((d: unknown) => readonly StockMove[]) | undefined;
  const data = moves && recordData(entity!, record);
  return data ? moves(data) : [];
};

/** Balances from a set of records (the device's office collection, a page of the server's office database). */
export const balanceBookOf = (records: Iterable<Pick<OfficeRecord, 'id' | 'type' | 'v' | 'data'>>): BalanceBook => {
  const book = new BalanceBook();
  for (const r of records) {
    book.set(r.id, movesOfRecord(r));
    book.setVoid(r.id, voidTargetOf(r));
  }
  return book;
};
