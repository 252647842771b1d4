// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { warehouse } from '../../schema/entities/warehouse';
import { openLocalData, type LocalData } from './database';
import { saveOfficeRecord } from './records';
import { useStockRecords } from './stock-records';
import { renderHook } from '../lib/render-hook';

const admin = '79000000001';

describe('the stock screens’ records', () => {
  let data: LocalData;
  beforeAll(async () => {
    data = await openLocalData(`stock-records${Date.now()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterAll(async () => {
    await data.shop.close();
    await data.dataSources.close();
  });

  it('are the one reader’s records: flowers by title, warehouses by name, prices from posted invoices only', async () => {
    const office = data.shop.office;
    const save = (entity: typeof flower | typeof warehouse | typeof invoice, values: unknown) => saveOfficeRecord(office, entity, admin, entity.fields.parse(values));
    const white = await save(flower, { name: 'Роза', variety: 'Эквадор', colour: 'белая' });
    const red = await save(flower, { name: 'Роза', variety: 'Explorer', colour: 'красная' });
    await save(flower, { name: 'Гипсофила' });
    const cold = await save(warehouse, { name: 'Холодильник' });
    await save(warehouse, { name: 'Витрина' });
    await save(invoice, { ...invoice.example, warehouse: cold, lines: [{ flower: red, qty: 50, price: 90 }], status: 'posted' });
    await save(invoice, { ...invoice.example, number: '18', warehouse: cold, lines: [{ flower: white, qty: 10, price: 70 }], status: 'draft' });

    const hook = await renderHook(() => useStockRecords(office), undefined);
    await expect.poll(async () => (await hook.settle(), hook.result.current?.invoices.length)).toBe(2);
    const stock = hook.result.current;
    expect(stock?.loading).toBe(false);
    expect(stock?.flowers.map((f) => flower.title(f.data))).toEqual(['Гипсофила', 'Роза Эквадор белая', 'Роза Explorer красная']);
    expect(stock?.warehouses.map((w) => w.data.name)).toEqual(['Витрина', 'Холодильник']);
    expect(stock?.flowers.find((f) => f.record.id === red)?.data.colour).toBe('красная');
    expect(stock?.prices.get(red)?.last).toBe(90);
    expect(stock?.prices.has(white)).toBe(false);
    await hook.unmount();
  });
});
