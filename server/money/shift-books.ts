import { tierDatabases } from '../../schema/shared/databases';
import { charge } from '../../schema/entities/charge';
import { shift } from '../../schema/entities/shift';
import { recordData, type OfficeRecord } from '../../schema/shared/record';
import { expectationOf, serverExpectation, shiftCheckOf, type ServerExpectation, type ShiftCheck } from '../../schema/studio/money/shift-check';
import { shiftTakings, type TillCharge } from '../../schema/studio/money/shift-takings';
import { getDoc, upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { ordersByCustomer } from '../clients/client-totals';
import { tierStore } from '../records/tier-store';

/**
 * The server's own expectation of a day's till (issue 27, item 4): kept in the server-only `admin` database under
 * `shift-books-{day}`, beside the close the device pushed (which is stored exactly as sent). No entity of the
 * registry, so the devices' office schema is unchanged; managers read it through POST /api/shift-books/list.
 */
const shiftBooksId = (day: string) => `shift-books-${day}`;

const adminDb = (storage: Storage) => storage.db(tierDatabases.admin);

/** The day's cash charges as the close counts them, from charge records (stored, and pushed in the same batch). */
export const tillCharges = (records: Iterable<Pick<OfficeRecord, 'id' | 'v' | 'data'>>): TillCharge[] => {
  const byId = new Map<string, TillCharge>();
  for (const r of records) {
    const c = recordData(charge, r);
    if (c) byId.set(r.id, { day: c.day, direction: c.direction, method: c.method, amount: c.amount });
  }
  return [...byId.values()];
};

/**
 * Computes what the server expected of `day` from every placed order it holds and the day's charges, with the cash
 * at the start the florist counted (the till's opening is a count, not a sum the books hold), and stores it.
 */
export const recordExpectation = async (storage: Storage, day: string, opening: number, charges: readonly TillCharge[], at: number): Promise<ServerExpectation> => {
  const orders = [...(await ordersByCustomer(storage)).values()].flat();
  const expectation = expectationOf(day, at, shiftTakings(day, orders, charges, opening));
  await upsert<ServerExpectation>(adminDb(storage), shiftBooksId(day), () => expectation);
  return expectation;
};

const storedExpectation = async (storage: Storage, day: string): Promise<ServerExpectation | null> => {
  const doc = await getDoc<object>(adminDb(storage), shiftBooksId(day));
  if (!doc) return null;
  const { _id, _rev, ...body } = doc;
  const parsed = serverExpectation.safeParse(body);
  return parsed.success ? parsed.data : null;
};

/** The stored closes, newest first (two months of them), each with the server's expectation beside what the device showed. */
export const shiftChecks = async (storage: Storage, limit = 62): Promise<ShiftCheck[]> => {
  const closes = (await tierStore(storage).all('office', shift.type)).flatMap((r) => {
    const s = recordData(shift, r);
    return s ? [s] : [];
  });
  closes.sort((a, b) => b.day.localeCompare(a.day));
  return Promise.all(closes.slice(0, limit).map(async (s) => shiftCheckOf(s, await storedExpectation(storage, s.day))));
};
