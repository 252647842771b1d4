import crypto from 'node:crypto';
import { can } from '../../schema/shared/access';
import type { Action } from '../../schema/shared/entity';
import type { AnyEntity } from '../../schema/entities';
import { currentRecord, derivedFields, recordData, recordIdRequest, recordListRequest, recordSaveRequest, type OfficeRecord, type RecordListRequest } from '../../schema/shared/record';
import type { User } from '../../schema/shared/user';
import { HttpError, notFound, unauthorized } from '../http/errors';
import { parse } from '../http/parse';
import { listPage, sortColumn, type SortableRecord } from '../../schema/shared/record-page';
import type { ListAnswer } from '../../schema/shared/api';
import { today } from '../../schema/shared/day';
import type { TierStore } from './tier-store';
import { voidFact } from '../../schema/entities/void';
import { voidRequest } from '../../schema/shared/voids';

const verbs: Record<Action, string> = { read: 'смотреть', create: 'создавать', update: 'изменять', delete: 'удалять' };

/** «Недостаточно прав: удалять задачи может …» — the reason a refused action gives, in the entity's words. */
export const deniedReason = (entity: AnyEntity, action: Action): string => `Недостаточно прав, чтобы ${verbs[action]} записи «${entity.labels.many}»`;

/** Why a stored record that has become a fact (a posted invoice) may no longer change, or undefined. */
export const frozenReason = (entity: AnyEntity, record: Pick<OfficeRecord, 'v' | 'data'>): string | undefined => {
  const frozen = entity.frozen as ((d: unknown) => string | undefined) | undefined;
  const data = frozen && recordData(entity, record);
  return data ? frozen(data) : undefined;
};

export const factReason = (entity: AnyEntity) => `«${entity.labels.one}» — запись-факт: её не меняют и не удаляют, исправление вносится новой записью`;

/** A command (schema/shared/entity.ts) is sent once; the server answers it in its outcome. */
export const commandReason = (entity: AnyEntity) => `«${entity.labels.one}» уже отправлена: её не меняют и не удаляют — отправьте новую`;
export const outcomeReason = 'Результат команды записывает только сервер';

const staleReason = 'Запись успели изменить: откройте её заново и повторите правку';

/** Server-given ids: the type, for people reading the database, and a random part no one can guess. */
const newId = (entity: AnyEntity) => `${entity.type}-${crypto.randomUUID()}`;

/** A record as the current version of its entity reads it (an older version lifted by `upgrade`), as devices read it too. */
const current = (entity: AnyEntity, record: OfficeRecord): OfficeRecord => currentRecord(entity, record).record;

/**
 * The business rules of the record API, for every registry entity: who may do what (`can`, per record), who wrote it
 * and when (from the session and the server's clock, never from the payload), facts never change, and an edit made
 * from a stale copy is refused. Handlers only pass the payload and the session in.
 */
/**
 * What one entity adds to the generic rules: `derive` fills its computed fields (schema/shared/entity.ts `computed`) into
 * records read from the store; `saved` carries a stored change to what follows from it (a client's note to the orders).
 */
export interface EntityHooks {
  derive?: (records: OfficeRecord[]) => Promise<OfficeRecord[]>;
  saved?: (record: OfficeRecord) => Promise<void>;
  /** The entity's list indexes, when it has them: a list reads through them, not every record (DECISIONS «The clients list reads an index»). */
  index?: ListIndex;
}

/** What a list reads instead of every record: the ids a search finds, records by id, and a page of all in the list's order. */
export interface ListIndex {
  search: (search: string) => Promise<string[]>;
  byIds: (ids: string[]) => Promise<OfficeRecord[]>;
  page: (params: RecordListRequest['params'], ids?: string[]) => Promise<ListAnswer<SortableRecord>>;
}

/** Why a record may not be stored as it stands beside the others (the rules of the books: write-pipeline.ts), or undefined: a 400. */
type RecordJudgement = (user: User, entity: AnyEntity, record: OfficeRecord, before: OfficeRecord | null) => Promise<string | undefined>;
/** What the books do once a record is stored (write-pipeline.ts `storedOne`): the server's own records that follow from it. */
type RecordFollowUp = (user: User, entity: AnyEntity, record: OfficeRecord) => Promise<void>;

/** The record's data without the fields the server computes: they are never stored. */
const withoutComputed = (entity: AnyEntity, data: Record<string, unknown>): Record<string, unknown> => {
  const computed: readonly string[] = entity.computed ?? [];
  return Object.fromEntries(Object.entries(data).filter(([k]) => !computed.includes(k)));
};

export const recordService = (
  store: TierStore,
  clock: () => number = Date.now,
  hooks: Partial<Record<string, EntityHooks>> = {},
  judge: RecordJudgement = () => Promise.resolve(undefined),
  followUp: RecordFollowUp = () => Promise.resolve(),
) => {
  const derive = (entity: AnyEntity, records: OfficeRecord[]) => hooks[entity.type]?.derive?.(records) ?? Promise.resolve(records);
  const check = async (user: User, entity: AnyEntity, record: OfficeRecord, before: OfficeRecord | null) => {
    const issue = await judge(user, entity, record, before);
    if (issue) throw new HttpError(400, issue);
  };
  const saved = async (user: User, entity: AnyEntity, record: OfficeRecord) => {
    await followUp(user, entity, record);
    await hooks[entity.type]?.saved?.(record);
    return { data: (await derive(entity, [record]))[0] };
  };

  const allow = (user: User | null, action: Action, entity: AnyEntity, record?: OfficeRecord): User => {
    if (!user) throw unauthorized();
    if (!can(user, action, entity, record)) throw new HttpError(403, deniedReason(entity, action));
    return user;
  };

  const find = async (entity: AnyEntity, id: string): Promise<OfficeRecord> => {
    const record = await store.get(entity.tier, entity.type, id);
    if (!record) throw notFound(`${entity.labels.one}: запись не найдена`);
    return record;
  };

  return {
    async list(user: User | null, entity: AnyEntity, body: unknown) {
      const request = parse(recordListRequest(entity), body);
      allow(user, 'read', entity);
      const day = today(new Date(clock()));
      const { search, ...rest } = request.query as RecordListRequest['query'] & { view?: string };
      const computed: readonly string[] = entity.computed ?? [];
      // Computed fields (a client's totals) are derived for the page shown only, unless the list sorts, filters or
      // picks by them: then for every record it holds.
      const byComputed = computed.includes(sortColumn(entity, request.params)) || rest.view !== undefined || Object.keys(rest).some((k) => computed.includes(k));
      const page = async (records: OfficeRecord[], query: RecordListRequest['query']): Promise<ListAnswer<OfficeRecord>> => {
        if (byComputed) return listPage(entity, await derive(entity, records), { ...request, query }, day);
        const shown = listPage(entity, records, { ...request, query }, day);
        return { data: { ...shown.data, items: await derive(entity, shown.data.items) } };
      };
      const index = hooks[entity.type]?.index;
      const filtered = Object.values(rest).some((v) => v !== undefined);
      const found = index && search ? await index.search(search) : undefined;
      // Filtered too: the records the search found, then filters, order and the page as without the index.
      if (index && found && (filtered || byComputed)) return page((await index.byIds(found)).map((r) => current(entity, r)), rest);
      if (index && !filtered && !byComputed) {
        // Searched or not, nothing filtered: the order from the index's rows, then the page's records only.
        const order = await index.page(request.params, found);
        const byId = new Map((await index.byIds(order.data.items.map((r) => r.id))).map((r) => [r.id, current(entity, r)]));
        const items = order.data.items.flatMap((r) => byId.get(r.id) ?? []);
        return { data: { ...order.data, items: await derive(entity, items) } };
      }
      return page((await store.all(entity.tier, entity.type)).map((r) => current(entity, r)), request.query);
    },

    async get(user: User | null, entity: AnyEntity, body: unknown) {
      const { id } = parse(recordIdRequest, body);
      allow(user, 'read', entity);
      const [record] = await derive(entity, [current(entity, await find(entity, id))]);
      return { data: record };
    },

    /** Creates (no id: the answer carries the id given) or edits (id and the updatedAt it was read at). */
    async save(user: User | null, entity: AnyEntity, body: unknown) {
      const request = parse(recordSaveRequest(entity), body);
      const data = withoutComputed(entity, request.data as Record<string, unknown>);
      const key = entity.key as { id: (d: unknown) => string; taken: string; fixed: string } | undefined;
      if (entity.write === 'command' && request.id === undefined && data.outcome !== undefined) throw new HttpError(400, outcomeReason);
      const now = clock();
      if (request.id === undefined) {
        const author = allow(user, 'create', entity);
        const record: OfficeRecord = {
          id: key ? key.id(request.data) : newId(entity),
          type: entity.type,
          ...derivedFields(entity, request.data),
          createdBy: author.phone,
          createdAt: now,
          updatedBy: author.phone,
          updatedAt: now,
          data,
        };
        await check(author, entity, record, null);
        if ((await store.put(entity.tier, record, null)) !== 'ok') throw new HttpError(409, key ? key.taken : staleReason);
        return saved(author, entity, record);
      }
      const before = await find(entity, request.id);
      if (entity.write === 'fact') throw new HttpError(409, factReason(entity));
      if (entity.write === 'command') throw new HttpError(409, commandReason(entity));
      const frozen = frozenReason(entity, before);
      if (frozen) throw new HttpError(409, frozen);
      const editor = allow(user, 'update', entity, before);
      if (before.updatedAt !== request.updatedAt) throw new HttpError(409, staleReason);
      if (key && key.id(request.data) !== before.id) throw new HttpError(400, key.fixed);
      const { day: _derivedBefore, ...kept } = before;
      const record: OfficeRecord = {
        ...kept,
        ...derivedFields(entity, request.data),
        // Strictly later than the copy it replaces, whatever another process's clock said: updatedAt is the version.
        updatedAt: Math.max(now, before.updatedAt + 1),
        updatedBy: editor.phone,
        data,
      };
      await check(editor, entity, record, before);
      if ((await store.put(entity.tier, record, before.updatedAt)) !== 'ok') throw new HttpError(409, staleReason);
      return saved(editor, entity, record);
    },

    /** `{ id, reason }`: a new void fact of the entity's record (schema/entities/void.ts), stored as any new record is. */
    async voidFact(user: User | null, entity: AnyEntity, body: unknown) {
      const { id, reason } = parse(voidRequest, body);
      return this.save(user, voidFact, { data: { target: id, targetType: entity.type, reason } });
    },

    async remove(user: User | null, entity: AnyEntity, body: unknown) {
      const { id } = parse(recordIdRequest, body);
      const before = await find(entity, id);
      if (entity.write === 'fact') throw new HttpError(409, factReason(entity));
      if (entity.write === 'command') throw new HttpError(409, commandReason(entity));
      const frozen = frozenReason(entity, before);
      if (frozen) throw new HttpError(409, frozen);
      allow(user, 'delete', entity, before);
      if ((await store.remove(entity.tier, before)) !== 'ok') throw new HttpError(409, staleReason);
      return { ok: true };
    },
  };
};
