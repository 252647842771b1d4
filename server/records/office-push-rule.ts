import '../http/zod-locale';
import { can } from '../../schema/shared/access';
import { entities, type AnyEntity } from '../../schema/entities';
import { derivedFields, officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { refuse, type DbPushRule, type PushedDoc, type PushRule, type PushVerdict, type StoredDoc } from '../db/push-rule';
import { withCommandBudget } from './command-budget';
import { withEndedCommands } from './ended-commands';
import type { WritePipeline } from './write-pipeline';
import { commandReason, deniedReason, factReason, frozenReason } from './record-service';

/** Stored as pushed (the gateway keeps `_id` and `_rev`): the device's copy and the server's stay the same document. */
const accept = ({ _id, _rev, ...body }: PushedDoc): PushVerdict => ({ ok: true, doc: body });

/** How far ahead of the server's clock a device's clock may be before its times are not believed. */
export const clockSkewMs = 10 * 60_000;

const asRecord = (doc: PushedDoc | StoredDoc): OfficeRecord | null => {
  const { _id, _rev, _deleted, ...fields } = doc;
  const parsed = officeRecord.safeParse({ ...fields, id: _id });
  return parsed.success ? parsed.data : null;
};

/** Where in a record a refused value is, in the entity's words: «Строки, строка 2». */
const placeOf = (entity: AnyEntity, path: readonly PropertyKey[]): string => {
  const [field, row] = path;
  const label = (entity.labels.fields as Record<string, string>)[String(field)] ?? String(field);
  return typeof row === 'number' ? `${label}, строка ${row + 1}` : label;
};

/** A tombstone that is bare or carries a whole record of a known type. */
const bareOrRecord = (registry: Record<string, AnyEntity>, doc: PushedDoc): boolean => {
  const { _id, _rev, _deleted, ...fields } = doc;
  if (!Object.keys(fields).length) return true;
  const record = asRecord(doc);
  const entity = record && Object.values(registry).find((e) => e.type === record.type);
  return !!entity && entity.fields.safeParse(record.data).success;
};

/**
 * What the office database accepts from a staff device, one document at a time (the rest of the batch goes on).
 * The document is an envelope (schema/shared/record.ts) whose data parses with its entity's fields; `can` decides by the
 * stored record (its author for `own` actions). Authorship is checked, not rewritten, so the device's copy and the
 * server's stay the same document: updatedBy must be the session's phone, createdBy/createdAt are the first
 * push's and never change, and no time may be ahead of the server's clock. Facts are never changed or deleted.
 */
export const pushRuleFor = (registry: Record<string, AnyEntity>, clock: () => number = Date.now): PushRule => (user, incoming, existing) => {
  const now = clock();
  const before = existing && !existing._deleted ? asRecord(existing) : null;
  if (existing && !existing._deleted && !before) return refuse('Запись на сервере повреждена: обратитесь к администратору');
  // A tombstone keeps no junk. One for a record we never had (made and deleted on a device offline) deletes nothing.
  if (incoming._deleted && !bareOrRecord(registry, incoming)) return refuse('Неверная запись');
  if (incoming._deleted && !before) return accept(incoming);
  const type = incoming.type ?? before?.type;
  const entity = Object.values(registry).find((e) => e.type === type);
  if (!entity) return refuse('Неизвестный вид записи');
  if (entity.tier !== 'office') return refuse(`«${entity.labels.many}» не хранятся на устройствах: они меняются только на сервере`);
  if (before && before.type !== entity.type) return refuse('Вид записи менять нельзя');
  // A command is only created by a device; what happens to it after (its outcome) is the server's to write.
  if (entity.write === 'command') {
    if (before || existing || incoming._deleted) return refuse(commandReason(entity));
    // One that comes with an outcome was answered by this store before it was restored from a backup (a device pushes
    // its commands again on a new store epoch): stored without it, it is applied again, once (its id in the order's
    // history), and the server writes the outcome.
    if (typeof incoming.data === 'object' && incoming.data !== null && 'outcome' in incoming.data) {
      const { outcome: _answered, ...data } = incoming.data as Record<string, unknown>;
      incoming = { ...incoming, data };
    }
  }

  const frozen = before && frozenReason(entity, before);
  if (frozen) return refuse(frozen);
  if (incoming._deleted && before) {
    if (entity.write === 'fact') return refuse(factReason(entity));
    return can(user, 'delete', entity, before) ? accept(incoming) : refuse(deniedReason(entity, 'delete'));
  }

  if (before && entity.write === 'fact') {
    // Another device's first write of a keyed fact (a day's second shift close, made where the first was not pulled
    // yet) is no change of the stored one: it is told in the key's own words («Смена за этот день уже закрыта»).
    const taken = (entity.key as { taken: string } | undefined)?.taken;
    const another = incoming.createdAt !== before.createdAt || incoming.createdBy !== before.createdBy;
    return refuse(taken && another ? taken : factReason(entity));
  }
  const { _id, _deleted, ...fields } = incoming;
  const envelope = officeRecord.safeParse({ ...fields, id: _id });
  if (!envelope.success) return refuse(envelope.error.issues[0]?.message ?? 'Неверная запись');
  const record = envelope.data;
  if (record.v > entity.version) return refuse('Запись сделана более новой версией приложения: обновите страницу');
  const checked = entity.fields.safeParse(record.v < entity.version && entity.upgrade ? entity.upgrade(record.data, record.v) : record.data);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return refuse(`${entity.labels.one}: ${issue?.path.length ? `${placeOf(entity, issue.path)} — ` : ''}${issue?.message ?? 'неверные данные'}`);
  }
  // A record keyed by its data (a day's shift close, a reference entry) is one per key: its id must be the key.
  const key = entity.key as { id: (d: unknown) => string; fixed: string } | undefined;
  if (key && key.id(checked.data) !== record.id) return refuse(before ? key.fixed : 'Идентификатор записи не совпадает с её данными');
  // The title is the device's display copy (the record API recomputes it on read); the day is indexed, so it must hold.
  if (record.day !== derivedFields(entity, checked.data).day) return refuse('День записи не совпадает с её данными');

  const action = before ? 'update' : 'create';
  if (!can(user, action, entity, before ?? undefined)) return refuse(deniedReason(entity, action));
  if (record.updatedBy !== user.phone) return refuse('Запись подписана другим сотрудником: войдите под своим номером и повторите');
  if (before && (record.createdBy !== before.createdBy || record.createdAt !== before.createdAt)) return refuse('Автора и время создания записи менять нельзя');
  if (!before && record.createdBy !== user.phone) return refuse('Новую запись подписывает тот, кто её создаёт');
  if (record.updatedAt > now + clockSkewMs) return refuse('Часы устройства спешат: поправьте дату и время и повторите');
  if (record.createdAt > record.updatedAt) return refuse('Время создания записи позже времени изменения');
  return accept(incoming);
};

/**
 * The rule /db/office pushes go through: the registry's entities (pushRuleFor), each person's commands within their
 * budget (command-budget.ts), then every rule of the books through the write pipeline (write-pipeline.ts: the same
 * rules the record API runs); a new command refused by any of them is ended (ended-commands.ts). Once stored, the
 * pipeline's follow-ups run (`WriteRule.stored`).
 */
export const officeBatchRule = (pipeline: WritePipeline, arrive?: () => number): DbPushRule => ({
  judge: withEndedCommands(entities, pipeline.pushed(withCommandBudget(entities, pushRuleFor(entities)))),
  ...(arrive ? { arrive } : {}),
  stored: pipeline.storedPush,
});
