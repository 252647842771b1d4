import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ref } from '../../schema/entities/ref';
import { openLocalData, type LocalData } from './database';
import { saveOfficeRecord } from './records';

const admin = '79000000001';
let data: LocalData;

beforeAll(async () => {
  data = await openLocalData(`keyed${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange }, true, { multiInstance: false });
});
afterAll(async () => {
  await data.shop.close();
  await data.dataSources.close();
});

describe('a keyed record made on the device', () => {
  it('is stored under its key, as /db/office holds it to, and a key already held is taken', async () => {
    const entry = ref.fields.parse({ list: 'order-source', code: 'telegram', label: 'Телеграм', position: 50 });
    const id = await saveOfficeRecord(data.shop.office, ref, admin, entry);
    expect(id).toBe('ref-order-source-telegram');
    expect((await data.shop.office.findOne(id).exec())?.data).toMatchObject({ code: 'telegram', label: 'Телеграм' });
    await expect(saveOfficeRecord(data.shop.office, ref, admin, { ...entry, label: 'Другой' })).rejects.toThrow('Такой код в этом справочнике уже есть');
  });
});
