import { z } from 'zod';
import { day } from './day';
import { entities, type EntityType } from './entities';

const types = Object.keys(entities) as [EntityType, ...EntityType[]];

/**
 * The envelope every back-office record has, in the office database (and on staff devices) or the admin one.
 * `data` is checked with the entity's own fields; the envelope itself never changes when an entity gains a field,
 * so the device's RxDB schema of the office collection stays put.
 * createdBy/updatedBy are phones stamped by the server from the session, never trusted from the device.
 */
export const officeRecord = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Неверный идентификатор записи'),
  type: z.enum(types),
  /** The entity's data version this was written with. */
  v: z.number().int().min(1),
  /** What lists and references show: the entity's title(data). */
  title: z.string().max(200),
  day: day.optional(),
  createdBy: z.string().max(20),
  createdAt: z.number().int().min(0),
  updatedBy: z.string().max(20),
  updatedAt: z.number().int().min(0),
  data: z.record(z.string(), z.unknown()),
});
export type OfficeRecord = z.infer<typeof officeRecord>;
