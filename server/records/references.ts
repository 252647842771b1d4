import { entities, type AnyEntity } from '../../schema/entities';
import type { OfficeRecord } from '../../schema/shared/record';
import { idsAt, referencePlaces, switchedOff, type ReferencePlace } from '../../schema/shared/reference';
import type { WriteBatch, WriteRule } from './write-pipeline';

const registry: readonly AnyEntity[] = Object.values(entities);

/** What an id names: the record of the entity the field points to, a record of another entity, or nothing. */
type Named = { record: OfficeRecord; entity: AnyEntity } | null;

/** The record an id names in the target's tier, stored or written earlier in the same batch (the batch's copy wins). */
const lookUp = async (batch: WriteBatch, target: AnyEntity, id: string): Promise<Named> => {
  const pushed = batch.records.findLast((r) => r.id === id && batch.entityOf(r.type)?.tier === target.tier);
  const pushedEntity = pushed && batch.entityOf(pushed.type);
  if (pushed && pushedEntity) return { record: pushed, entity: pushedEntity };
  const own = await batch.stored.get(target, id);
  if (own) return { record: own, entity: target };
  // Not the target's: another entity's record of the same tier (a warehouse's id in a flower's place)? One read, shared.
  for (const other of registry) {
    if (other.tier !== target.tier || other === target) continue;
    const found = await batch.stored.get(other, id);
    if (found) return { record: found, entity: other };
  }
  return null;
};

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Why an id may not stand at a place, in Russian, or undefined. `held`: the stored copy held it there already. */
const referenceIssue = (target: AnyEntity, id: string, named: Named, held: boolean): string | undefined => {
  if (!named) return `«${id}» — такой записи нет`;
  const title = named.record.title || id;
  if (named.entity !== target) return `«${id}» — это ${lower(named.entity.labels.one)} «${title}», а не ${lower(target.labels.one)}`;
  if (held || !switchedOff(named.record.data)) return undefined;
  const active: Record<string, string> = target.labels.fields;
  return `${lower(target.labels.one)} «${title}» не ${lower(active.active ?? 'Используется')}`;
};

/**
 * A field that names another record (`reference`, schema/shared/reference.ts: a write-off's warehouse, its lines' flowers, an
 * invoice's supplier) takes only the id of a stored record of that entity, switched on, or one written earlier in the
 * same batch (a flower made offline just before its first write-off). An id the stored record already held at that
 * place stays valid when its target was switched off since, so old records stay editable. Empty optional ones pass.
 * Each named id is read once a batch. Platform, not a domain: every entity's references, by its fields.
 */
export const referencesRule: WriteRule = {
  name: 'references',
  applies: (entity) => referencePlaces(entity.fields).length > 0,
  async judge(batch, records) {
    const looked = new Map<string, Promise<Named>>();
    const targetOf = (place: ReferencePlace) => batch.entityOf(place.entity);
    for (const record of records) {
      const entity = batch.entityOf(record.type);
      for (const place of entity ? referencePlaces(entity.fields) : []) {
        const target = targetOf(place);
        if (!target) continue;
        for (const { id } of idsAt(record.data, place)) {
          const key = `${target.type}/${id}`;
          if (!looked.has(key)) looked.set(key, lookUp(batch, target, id));
        }
      }
    }
    // Every id asked at once: the batch's stored records come in one read (write-pipeline.ts).
    const named = new Map<string, Named>(await Promise.all([...looked].map(async ([key, found]) => [key, await found] as const)));
    return {
      issue(record, before) {
        const entity = batch.entityOf(record.type);
        if (!entity) return undefined;
        const labels: Record<string, string> = entity.labels.fields;
        for (const place of referencePlaces(entity.fields)) {
          const target = targetOf(place);
          if (!target) continue;
          const held = new Set(before ? idsAt(before.data, place).map((h) => h.id) : []);
          for (const { id, row } of idsAt(record.data, place)) {
            const issue = referenceIssue(target, id, named.get(`${target.type}/${id}`) ?? null, held.has(id));
            const label = labels[place.field] ?? place.field;
            if (issue) return `${entity.labels.one}: ${row === undefined ? label : `${label}, строка ${row}`} — ${issue}`;
          }
        }
        return undefined;
      },
    };
  },
};
