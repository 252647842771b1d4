import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { demoPhones } from '../../server/testing/test-shop';
import { today } from '../../schema/shared/day';
import type { OfficeRecord } from '../../schema/shared/record';
import { openOfficeV5, officeV5Schema } from './history/office-v5';
import { openLocalData } from './database';
import { schemaHash } from './testing/schema-hash';

const florist = demoPhones.florist;
const envelope = { v: 1, createdBy: florist, createdAt: 1, updatedBy: florist, updatedAt: 2 };
/** What a staff device holds: a task ticked offline and a write-off act not pushed yet. */
const held: OfficeRecord[] = [
  { ...envelope, id: 'task-unsent-000001', type: 'task', title: 'Полить розы', data: { title: 'Полить розы', assignee: '', due: today(), status: 'done', note: '' } },
  {
    ...envelope, id: 'slip-unsent-000001', type: 'slip', title: 'Списание', day: today(),
    data: { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 2, reason: 'wilted', cost: 0 }], order: '', note: '' },
  },
];

/**
 * Version 6 stopped listing entity types in the office collection's schema. A staff device that stored it at
 * version 5 must still open its store (else RxDB DB6: a blank page) and keep what it holds, unsent edits too.
 */
describe('an office store written at version 5 (its type an enum of entities)', () => {
  it('opens with today’s build, its records intact, and then stores a type this build does not know', async () => {
    // The fixture is the schema version 5 pinned in collections.test.ts, not a look-alike.
    expect(schemaHash(officeV5Schema)).toBe('e6911a7690681732');
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const prefix = `office-v5-${Date.now()}`;
    const old = await openOfficeV5(prefix, getRxStorageDexie(idb));
    await old.collections.office!.bulkInsert(held);
    expect(await old.collections.office!.count().exec()).toBe(2);
    await old.close();

    // The app's own opening, with dev checks on: every write is validated with the collection's zod schema.
    const data = await openLocalData(prefix, idb, true, { multiInstance: false });
    try {
      const office = data.shop.office;
      for (const record of held) expect((await office.findOne(record.id).exec())?.toMutableJSON()).toEqual(record);
      expect((await office.find({ selector: { type: 'task' } }).exec()).map((d) => d.id)).toEqual(['task-unsent-000001']);
      // A record of an entity a newer server knows and this build does not is stored, not refused (the envelope names no types)…
      const later = { ...held[0], id: 'later-entity-0001', type: 'vaseRental', title: 'Ваза', data: { name: 'Ваза' } };
      await office.insert(later as never);
      expect(await office.count().exec()).toBe(3);
      // …while a type that is no type name still is.
      await expect(office.insert({ ...later, id: 'bad-type-000001', type: 'No such!' } as never)).rejects.toThrow();
    } finally {
      await data.shop.close();
      await data.dataSources.close();
    }
  });
});
