import { tierDatabases } from '../../schema/shared/databases';
import type { AnyEntity } from '../../schema/entities';
import type { Tier } from '../../schema/shared/entity';
import { currentRecord, officeRecord, type OfficeRecord } from '../../schema/shared/record';
import type { User } from '../../schema/shared/user';
import { refuse, type BatchPushRule, type PushedDoc } from '../db/push-rule';
import type { Storage } from '../db/storage';
import type { OfficeMirror, ReferenceCache } from './reference-cache';
import { readRecord } from './tier-store';

/**
 * The stored records a batch's rules read, each read at most once a batch whoever asks: one record by id (of the
 * entity's tier), every record of an entity or of a tier.
 */
interface StoredRecords {
  get(entity: AnyEntity, id: string): Promise<OfficeRecord | null>;
  all(entity: AnyEntity): Promise<OfficeRecord[]>;
  tier(tier: Tier): Promise<OfficeRecord[]>;
  /**
   * The entity's records whose ids start with `prefix` (one reference list's entries, `ref-unit-`). `wanted`: ids the
   * caller will look for in it (the codes a batch names): one the process's copy lacks has the range read from the store.
   */
  prefixed(entity: AnyEntity, prefix: string, wanted?: readonly string[]): Promise<OfficeRecord[]>;
}

/** One write of records: the record API's one record, or a device's pushed batch. */
export interface WriteBatch {
  user: User;
  /** The server's clock when the batch arrived. */
  now: number;
  /**
   * The office feed's mark taken when a push arrived, before its session and body were read (stock-projection.ts
   * `mark`): the catch-up read sent then covers every change stored before the batch, so the rules wait for it rather
   * than for a read sent once they ask. None: a read sent when they ask (the record API).
   */
  mark?: number;
  /** `api`: written online through /api, `push`: pushed by a device, which may have written it offline. */
  path: 'api' | 'push';
  /** Every record of the batch that parsed, in order (a flower made offline just before its first write-off counts). */
  records: readonly OfficeRecord[];
  stored: StoredRecords;
  /** The registry's entity of a record's type. */
  entityOf(type: string): AnyEntity | undefined;
}

/** A rule's judgement of one record of the batch; `accepted` lets an accepted one count for the next (two phones on credit). */
interface RecordJudge {
  issue(record: OfficeRecord, before: OfficeRecord | null): string | undefined;
  accepted?(record: OfficeRecord): void;
}

/**
 * One business rule of the books, declared once by its domain (server/<area>/rules.ts) and listed once
 * (server/books.ts): it judges every new or changed record of its entities on every write path, the record API and
 * /db/office alike. `judge` reads what the rule needs once for the whole batch; its records are the batch's records
 * of those entities. The reason is Russian, whole (it names the record's kind where that helps), and names the thing and the number.
 */
export interface WriteRule {
  name: string;
  applies(entity: AnyEntity): boolean;
  judge(batch: WriteBatch, records: readonly OfficeRecord[]): Promise<RecordJudge>;
  /**
   * What follows once records are stored, on either path: the server's own records beside them (a count's
   * correction, a closed day's figures). Never for a refused record. `batch.stored` reads the store as it is after
   * the write; `records` are the stored ones of this rule's entities. It must be safe to run twice.
   */
  stored?(batch: WriteBatch, records: readonly OfficeRecord[]): Promise<void>;
}

/**
 * Stored records read once a batch, from each tier's database. Records asked by id in one turn of the event loop
 * (every rule's judge is made at once, each asking for all its ids together) are read in one `_all_docs` with their
 * keys per tier, not one request each: on CouchDB each request is a round trip to a cluster. With `mirror` (the
 * process's copy of the office's reference records, reference-cache.ts), an office record asked by id or a reference
 * list is taken from that copy once it has caught up with every change stored before the batch (one read of the
 * changes since, shared with the stock limit's): an id the copy does not hold, and a list lacking an entry the batch
 * names, are read from the store, so the copy is never trusted for what it lacks.
 */
const storedRecords = (storage: Storage, mirror?: OfficeMirror, mark?: number): StoredRecords => {
  const tiers = new Map<Tier, Promise<OfficeRecord[]>>();
  const byId = new Map<string, Promise<OfficeRecord | null>>();
  let caughtUp: Promise<ReferenceCache> | null = null;
  /** The mirror for a tier's records, caught up once a batch; none for the admin tier. */
  const mirrored = (t: Tier) => (mirror && t === 'office' ? (caughtUp ??= mirror.current(mark)) : null);
  let gathering: { ids: Map<Tier, Set<string>>; read: Promise<Map<string, OfficeRecord | null>> } | null = null;
  const readSoon = (t: Tier, id: string): Promise<OfficeRecord | null> => {
    if (!gathering) {
      const ids = new Map<Tier, Set<string>>();
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        gathering = null;
        const found = new Map<string, OfficeRecord | null>();
        await Promise.all(
          [...ids].map(async ([tier, keys]) => {
            const { rows } = await storage.db(tierDatabases[tier]).allDocs({ keys: [...keys], include_docs: true });
            for (const row of rows) if ('doc' in row && row.doc) found.set(`${tier}/${row.key}`, readRecord(row.doc));
          }),
        );
        return found;
      });
      gathering = { ids, read };
    }
    const { ids, read } = gathering;
    const keys = ids.get(t) ?? new Set<string>();
    ids.set(t, keys.add(id));
    return read.then((found) => found.get(`${t}/${id}`) ?? null);
  };
  const tier = (t: Tier) => {
    let all = tiers.get(t);
    if (!all) {
      all = storage
        .db(tierDatabases[t])
        .allDocs({ include_docs: true })
        .then(({ rows }) => rows.flatMap((r) => (r.doc && !r.id.startsWith('_') ? [readRecord(r.doc)].filter((x): x is OfficeRecord => !!x) : [])));
      tiers.set(t, all);
    }
    return all;
  };
  const ranges = new Map<string, Promise<OfficeRecord[]>>();
  /** A range of ids read from the store (or from the tier when it is read whole anyway), once a batch. */
  const readRange = (t: Tier, prefix: string) => {
    const key = `${t}/${prefix}`;
    let found = ranges.get(key);
    if (!found) {
      const whole = tiers.get(t);
      found = whole
        ? whole.then((all) => all.filter((r) => r.id.startsWith(prefix)))
        : storage
            .db(tierDatabases[t])
            .allDocs({ include_docs: true, startkey: prefix, endkey: `${prefix}\ufff0` })
            .then(({ rows }) => rows.flatMap((r) => (r.doc ? [readRecord(r.doc)].filter((x): x is OfficeRecord => !!x) : [])));
      ranges.set(key, found);
    }
    return found;
  };
  const prefixed = async (entity: AnyEntity, prefix: string, wanted: readonly string[] = []) => {
    const copy = mirrored(entity.tier);
    const cache = copy && (await copy);
    let found: OfficeRecord[];
    if (cache && cache.types.has(entity.type) && !tiers.has(entity.tier)) {
      found = cache.prefixed(prefix);
      if (wanted.some((id) => !found.some((r) => r.id === id))) found = await readRange(entity.tier, prefix);
    } else found = await readRange(entity.tier, prefix);
    return found.filter((r) => r.type === entity.type);
  };
  return {
    tier,
    prefixed,
    all: async (entity) => (await tier(entity.tier)).filter((r) => r.type === entity.type),
    get: async (entity, id) => {
      const key = `${entity.tier}/${id}`;
      let found = byId.get(key);
      if (!found) {
        const whole = tiers.get(entity.tier);
        const copy = mirrored(entity.tier);
        found = whole
          ? whole.then((all) => all.find((r) => r.id === id) ?? null)
          : copy
            ? copy.then((cache) => cache.get(id) ?? readSoon(entity.tier, id))
            : readSoon(entity.tier, id);
        byId.set(key, found);
      }
      const record = await found;
      return record && record.type === entity.type ? record : null;
    },
  };
};

const applying = new WeakMap<readonly WriteRule[], Map<string, readonly WriteRule[]>>();
/** The rules that judge an entity's records, in the order listed (asked once per entity). */
const rulesOf = (rules: readonly WriteRule[], entity: AnyEntity): readonly WriteRule[] => {
  let byType = applying.get(rules);
  if (!byType) applying.set(rules, (byType = new Map()));
  let mine = byType.get(entity.type);
  if (!mine) byType.set(entity.type, (mine = rules.filter((r) => r.applies(entity))));
  return mine;
};

/** Each rule's judge of the batch, made once; a rule with none of its entities in the batch reads nothing. */
const judges = async (rules: readonly WriteRule[], registry: readonly AnyEntity[], batch: WriteBatch) => {
  // Made at once, so their reads by id share one request (storedRecords); kept in the order listed.
  const made = await Promise.all(
    rules.map(async (rule) => {
      const records = batch.records.filter((r) => {
        const entity = registry.find((e) => e.type === r.type);
        return !!entity && rulesOf(rules, entity).includes(rule);
      });
      return records.length ? ([[rule, await rule.judge(batch, records)]] as const) : [];
    }),
  );
  return new Map<WriteRule, RecordJudge>(made.flat());
};

/** The first rule's reason a record may not be stored, or undefined; an accepted record is told to every judge. */
const verdict = (rules: readonly WriteRule[], made: Map<WriteRule, RecordJudge>, entity: AnyEntity, record: OfficeRecord, before: OfficeRecord | null) => {
  const mine = rulesOf(rules, entity).flatMap((r) => [made.get(r)].filter((j): j is RecordJudge => !!j));
  for (const judge of mine) {
    const issue = judge.issue(record, before);
    if (issue) return issue;
  }
  for (const judge of mine) judge.accepted?.(record);
  return undefined;
};

/** A pushed document as a record (the office's own rule has checked its envelope), or null. */
const pushedRecord = ({ _id, _rev, _deleted, ...fields }: PushedDoc): OfficeRecord | null => {
  const parsed = officeRecord.safeParse({ ...fields, id: _id });
  return parsed.success ? parsed.data : null;
};

/**
 * The one write pipeline: every rule of the books on the record API (a batch of one) and on /db/office pushes (the
 * device's batch), so no rule exists twice and none is forgotten on one path.
 */
export const writePipeline = (storage: Storage, rules: readonly WriteRule[], registry: readonly AnyEntity[], clock: () => number = Date.now, mirror?: OfficeMirror) => {
  const entityOf = (type: string) => registry.find((e) => e.type === type);
  const follow = async (user: User, path: WriteBatch['path'], records: readonly OfficeRecord[]) => {
    const batch: WriteBatch = { user, now: clock(), path, records, stored: storedRecords(storage, mirror), entityOf };
    for (const rule of rules) {
      if (!rule.stored) continue;
      const mine = records.filter((r) => {
        const entity = entityOf(r.type);
        return !!entity && rulesOf(rules, entity).includes(rule);
      });
      if (mine.length) await rule.stored(batch, mine);
    }
  };
  return {
  /** The record API's judgement of one record before it is stored: the reason it is refused (a 400), or undefined. */
  async judgeOne(user: User, entity: AnyEntity, record: OfficeRecord, before: OfficeRecord | null): Promise<string | undefined> {
    if (!rulesOf(rules, entity).length) return undefined;
    const batch: WriteBatch = { user, now: clock(), path: 'api', records: [record], stored: storedRecords(storage, mirror), entityOf };
    return verdict(rules, await judges(rules, registry, batch), entity, currentRecord(entity, record).record, before && currentRecord(entity, before).record);
  },

  /** The record API's follow-up of one stored record (`WriteRule.stored`). */
  storedOne: (user: User, entity: AnyEntity, record: OfficeRecord): Promise<void> => follow(user, 'api', [currentRecord(entity, record).record]),

  /** The follow-up of a push's stored documents (deletions follow with nothing). */
  storedPush: (user: User, docs: readonly PushedDoc[]): Promise<void> =>
    follow(
      user,
      'push',
      docs.flatMap((d) => {
        const record = d._deleted ? null : pushedRecord(d);
        const entity = record && entityOf(record.type);
        return record && entity ? [currentRecord(entity, record).record] : [];
      }),
    ),

  /** Around the office's per-document rule: each document it accepts (not a deletion) then runs every rule of its entity. */
  pushed:
    (inner: BatchPushRule): BatchPushRule =>
    async (db, user, docs, mark) => {
      const rule = await inner(db, user, docs, mark);
      const records = docs.flatMap((d) => (d._deleted ? [] : [pushedRecord(d)].filter((r): r is OfficeRecord => !!r)));
      const batch: WriteBatch = { user, now: clock(), path: 'push', records, mark, stored: storedRecords(storage, mirror, mark), entityOf };
      const made = await judges(rules, registry, batch);
      if (!made.size) return rule;
      return (who, incoming, existing) => {
        const accepted = rule(who, incoming, existing);
        if (!accepted.ok || incoming._deleted) return accepted;
        const record = pushedRecord(incoming);
        const entity = record && registry.find((e) => e.type === record.type);
        if (!record || !entity) return accepted;
        const before = existing && !existing._deleted ? pushedRecord(existing as PushedDoc) : null;
        const issue = verdict(rules, made, entity, currentRecord(entity, record).record, before && currentRecord(entity, before).record);
        return issue ? refuse(issue) : accepted;
      };
    },
  };
};
export type WritePipeline = ReturnType<typeof writePipeline>;
