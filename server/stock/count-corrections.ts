import { countCorrection, countCorrectionId, isCountCorrection } from '../../schema/studio/stock/count-correction';
import { derivedId } from '../../schema/shared/derived-id';
import { tierDatabases } from '../../schema/shared/databases';
import { stockCount } from '../../schema/entities/stock-count';
import { voidFact, voidIdOf } from '../../schema/entities/void';
import { derivedFields, recordData, type OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf, balanceTypes } from '../../schema/shared/record-moves';
import { claim } from '../db/claim';
import { getDoc, upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import type { WriteRule } from '../records/write-pipeline';
import { z } from 'zod';

/**
 * What the server's books held of each line's flower when the line (as counted, beside the device's expected)
 * first arrived: kept in the server-only `admin` database under `count-books-{count}` while the count goes on, so a
 * line counted at 10:00 is judged by the 10:00 balance even if stems wilted before the count was finished.
 */
const countBooks = z.object({ lines: z.record(z.string(), z.object({ device: z.number(), counted: z.number(), server: z.number() })) });
type CountBooks = z.infer<typeof countBooks>;
const countBooksId = (countId: string) => derivedId('count-books-', countId);

/** Said when staff write a record under a correction's id. */
const correctionIsTheServers = 'Поправку учёта к пересчёту записывает только сервер, когда пересчёт приходит';

/**
 * A count's «expected» is the server's balance when the count arrives (issue 27, item 4). The count is stored as the
 * device sent it (what the florist saw). Each time a count is stored, on either path, the server notes its own
 * balance of each line's flower as the line arrives (`count-books-{count}`); once the count is finished it writes
 * its correction beside it (`countCorrection`, `count-fix-{count}`), so the books move counted − the server's
 * balance when that line was counted. A void of the count voids its correction too.
 * Staff never write a correction themselves; both writes are safe to repeat (one id each, written once).
 */
export const countCorrectionRule = (storage: Storage): WriteRule => ({
  name: 'a count is corrected to the server’s balance',
  applies: (entity) => entity.type === stockCount.type || entity.type === voidFact.type,
  judge: () => Promise.resolve({ issue: (record, before) => (!before && record.type === stockCount.type && isCountCorrection(record.id) ? correctionIsTheServers : undefined) }),
  async stored(batch, records) {
    const office = storage.db(tierDatabases.office);
    const write = async (record: OfficeRecord) => {
      if (!(await getDoc(office, record.id))) await claim(office, record.id, toSynced(record));
    };
    for (const r of records) {
      const count = r.type === stockCount.type && !isCountCorrection(r.id) ? recordData(stockCount, r) : null;
      if (!count) continue;
      const id = countCorrectionId(r.id);
      const book = balanceBookOf((await batch.stored.tier('office')).filter((o) => balanceTypes.includes(o.type) && o.id !== r.id && o.id !== id));
      // Each line new or changed since it was last seen is noted with the server's balance now.
      const noted = await upsert<CountBooks>(storage.db(tierDatabases.admin), countBooksId(r.id), (current) => {
        const { _id, _rev, ...body } = current ?? { _id: '', lines: {} };
        const books = countBooks.safeParse(body).data ?? { lines: {} };
        let changed = !current;
        for (const l of count.lines) {
          const seen = books.lines[l.flower];
          if (seen && seen.device === l.expected && seen.counted === l.counted) continue;
          books.lines[l.flower] = { device: l.expected, counted: l.counted, server: book.balance(l.flower, count.warehouse) };
          changed = true;
        }
        return changed ? books : null;
      });
      if (count.status !== 'finished' || book.isVoided(r.id)) continue;
      const books = noted ?? countBooks.safeParse(await getDoc(storage.db(tierDatabases.admin), countBooksId(r.id))).data;
      const data = countCorrection(count, r.title, (flower) => books?.lines[flower]?.server ?? book.balance(flower, count.warehouse));
      if (data) await write({ id, type: stockCount.type, ...derivedFields(stockCount, data), createdBy: r.updatedBy, createdAt: batch.now, updatedBy: r.updatedBy, updatedAt: batch.now, data });
    }
    for (const r of records) {
      const voided = r.type === voidFact.type ? recordData(voidFact, r) : null;
      if (!voided || voided.targetType !== stockCount.type || isCountCorrection(voided.target)) continue;
      const target = countCorrectionId(voided.target);
      if (!(await getDoc(office, target))) continue;
      const data = voidFact.fields.parse({ target, targetType: stockCount.type, reason: `Вместе с пересчётом: ${voided.reason}`.slice(0, 500) });
      await write({ id: voidIdOf(target), type: voidFact.type, ...derivedFields(voidFact, data), createdBy: r.createdBy, createdAt: batch.now, updatedBy: r.createdBy, updatedAt: batch.now, data });
    }
  },
});
