import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { zodValidatedStorage } from './zod-storage';
import { rxSchemaOf } from './rx-schema';

/** Two collections whose documents have the same fields under different rules (as couriers and staff may). */
const courier = z.strictObject({ id: z.string().max(20), name: z.string().min(1).max(100), phone: z.string().regex(/^7\d{10}$/) });
const supplier = z.strictObject({ id: z.string().max(20), name: z.string().min(1).max(100), phone: z.string().max(40) });

describe('zod-validated storage', () => {
  it("checks each collection with its own schema, chosen by the collection's name", async () => {
    const storage = zodValidatedStorage(getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }), { couriers: courier, suppliers: supplier });
    const db = await createRxDatabase({ name: `zs${Date.now()}`, storage, multiInstance: false });
    await db.addCollections({
      couriers: { schema: rxSchemaOf(courier, { name: 'couriers', primaryKey: 'id', version: 0 }) },
      suppliers: { schema: rxSchemaOf(supplier, { name: 'suppliers', primaryKey: 'id', version: 0 }) },
    });
    await expect(db.couriers.insert({ id: 'c1', name: 'Иван', phone: '79001234567' })).resolves.toBeTruthy();
    await expect(db.couriers.insert({ id: 'c2', name: 'Пётр', phone: 'по звонку' })).rejects.toThrow();
    await expect(db.suppliers.insert({ id: 's1', name: 'Оптовик', phone: 'по звонку' })).resolves.toBeTruthy();
    await db.close();
  });
});
