import type { z } from 'zod';
import type { AnyEntity } from '../../schema/entities';
import { flower } from '../../schema/entities/flower';
import { warehouse } from '../../schema/entities/warehouse';
import { tierDatabases } from '../../schema/shared/databases';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import type { Shop } from '../context';
import { createIfMissing, getDoc } from '../db/docs';
import { toSynced } from '../db/synced';
import { demoStaff } from './staff';

/** Seeded in the demo admin's name, at the time the demo was made. */
export const author = demoStaff.find((u) => u.roles.includes('admin'))!.phone;
export const at = Date.UTC(2026, 10, 1);

export const recordOf = <E extends AnyEntity>(entity: E, id: string, input: z.input<E['fields']>): OfficeRecord => {
  const data = entity.fields.parse(input) as z.infer<E['fields']>;
  return { id, type: entity.type, ...derivedFields(entity, data), createdBy: author, createdAt: at, updatedBy: author, updatedAt: at, data: data as Record<string, unknown> };
};

/** The demo studio's places of stock. */
export const demoWarehouses: OfficeRecord[] = [
  recordOf(warehouse, 'warehouse-studio', { name: 'Студия', address: 'ул. Цветочная, 1', note: 'Рабочие столы флористов' }),
  recordOf(warehouse, 'warehouse-cold', { name: 'Холодильник', address: 'ул. Цветочная, 1', note: '+2…+6 °C' }),
  recordOf(warehouse, 'warehouse-showcase', { name: 'Витрина', address: 'ул. Цветочная, 1', note: 'Готовые букеты и цветы в вазах' }),
];

/** The demo studio's flowers and materials, bought by the piece (prices come from posted invoices, not from here). */
export const demoFlowers: OfficeRecord[] = [
  recordOf(flower, 'flower-rose-explorer', { name: 'Роза', variety: 'Explorer', colour: 'красная', length: 60, price: 250 }),
  recordOf(flower, 'flower-rose-ohara', { name: 'Роза пионовидная', variety: 'Pink O’Hara', colour: 'розовая', length: 50, price: 390 }),
  recordOf(flower, 'flower-tulip', { name: 'Тюльпан', variety: 'Strong Gold', colour: 'жёлтый', length: 40, price: 120 }),
  recordOf(flower, 'flower-chrysanthemum', { name: 'Хризантема кустовая', variety: 'Baltica', colour: 'белая', length: 70, price: 220 }),
  recordOf(flower, 'flower-eustoma', { name: 'Эустома', variety: 'Rosita', colour: 'белая', length: 60, price: 280 }),
  recordOf(flower, 'flower-eucalyptus', { name: 'Эвкалипт', kind: 'greenery', variety: 'Populus', length: 60, price: 150 }),
  recordOf(flower, 'flower-pistacia', { name: 'Фисташка', kind: 'greenery', length: 50, price: 130 }),
  recordOf(flower, 'flower-kraft-paper', { name: 'Крафт-бумага', kind: 'material', unit: 'm', price: 90 }),
  recordOf(flower, 'flower-satin-ribbon', { name: 'Лента атласная', kind: 'material', colour: 'пудровая', unit: 'm', price: 40 }),
  recordOf(flower, 'flower-oasis', { name: 'Флористическая губка', kind: 'material', variety: 'OASIS', price: 180 }),
];

const mark = 'seeded-stock';

/**
 * Warehouses and flowers for the demo, on a store that has none of them yet: each written only if missing, the mark
 * last (its own: stores seeded before the stock screens existed get them too), so a warehouse staff deleted does
 * not come back.
 */
export const seedStock = async (shop: Shop): Promise<void> => {
  if (await getDoc(shop.auth, mark)) return;
  const office = shop.storage.db(tierDatabases.office);
  for (const record of [...demoWarehouses, ...demoFlowers]) await createIfMissing(office, record.id, toSynced(record));
  await createIfMissing(shop.auth, mark, { at: Date.now() });
};
