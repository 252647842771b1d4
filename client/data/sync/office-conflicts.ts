import { Subject, type Subscription } from 'rxjs';
import { deepEqual, type RxCollection, type RxConflictHandler, type WithDeleted } from 'rxdb';
import { entities, type AnyEntity } from '../../../schema/entities';
import { currentRecord, type OfficeRecord } from '../../../schema/shared/record';
import { rejections$, reportRejection } from './rejections';
import { rulesOf } from '../entity-rules';

/** A change of ours another device's replaced: the record, and each field whose value is now not what we wrote. */
export interface LostChange {
  id: string;
  type: OfficeRecord['type'];
  title: string;
  /** The phone of whoever wrote the version that won. */
  by: string;
  /** Ours was a deletion, undone because the record was changed meanwhile. */
  deleted: boolean;
  fields: { field: string; now: unknown }[];
}

/** Changes of this device that lost to another's, seen by this tab or, through the channel, by the leader tab that pushes. */
export const lostChanges$ = new Subject<LostChange>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('office-lost-changes');
channel?.addEventListener('message', (e: MessageEvent<LostChange>) => lostChanges$.next(e.data));
(channel as { unref?: () => void } | null)?.unref?.();
const tell = (lost: LostChange) => {
  lostChanges$.next(lost);
  channel?.postMessage(lost);
};

/**
 * Documents the server refused on push (syncFetch reports them before RxDB reads the server's side): their
 * conflict is no conflict but a «no», so the server's version is taken as it is and the refusal is shown instead.
 */
const refused = new Set<string>();
rejections$.subscribe((r) => {
  if (r.db === 'office') refused.add(r.id);
});

/**
 * The entity's stated rule (schema/entities/*.ts `merge`, docs/DECISIONS.md), over each side's data as the current
 * version reads it (`currentRecord`: a copy written by an older version lifted by the entity's `upgrade`, then
 * parsed with its fields), as the server and the device's readers read it. The registry's entities are a union; each
 * merge takes its own data, which the parse has made sure of. Also answers each side's data so read, to compare the
 * result with (a side that does not parse as it is stored).
 */
const mergeBy = (entity: AnyEntity, server: OfficeRecord, mine: OfficeRecord) => {
  const s = currentRecord(entity, server).data;
  const m = currentRecord(entity, mine).data;
  const sides = { server: s ?? server.data, mine: m ?? mine.data };
  if (!s) return { data: sides.mine, ...sides };
  if (!m) return { data: sides.server, ...sides };
  return { data: rulesOf(entity).merge({ data: s, updatedAt: server.updatedAt }, { data: m, updatedAt: mine.updatedAt }), ...sides };
};

/** The record without RxDB's bookkeeping, which differs between the two sides of any replication. */
const own = (doc: WithDeleted<OfficeRecord>) => {
  const { _meta: _m, _rev: _r, _attachments: _a, ...rest } = doc as WithDeleted<OfficeRecord> & { _meta?: unknown; _rev?: unknown; _attachments?: unknown };
  return rest;
};

/** The key's reason when ours and the server's are two first writes of one keyed fact; '' otherwise. */
const takenBy = (mine: WithDeleted<OfficeRecord>, server: WithDeleted<OfficeRecord>): string => {
  const entity = entities[mine.type];
  const key = entity.key as { taken: string } | undefined;
  if (!key || entity.write !== 'fact' || server._deleted || mine._deleted) return '';
  return server.createdAt !== mine.createdAt || server.createdBy !== mine.createdBy ? key.taken : '';
};

/**
 * Two devices changed one office record offline; the server holds the first to arrive. The second device
 * resolves here, and both converge on the result: the resolved document is pushed, the first device pulls it.
 * - A refused push: the server's version stands (the refusal is shown by SyncNotices). So does a keyed fact another
 *   device wrote first (a day's shift close), told as a refusal in the key's words.
 * - An edit wins over a deletion, on either side (CouchDB itself lets an edit pushed after a deletion bring the
 *   record back, so the handler's rule is the same).
 * - Otherwise the entity's `merge(server, mine)`. When the result is not what this device wrote, the user is told
 *   what replaced it.
 */
export const officeConflictHandler: RxConflictHandler<OfficeRecord> = {
  isEqual: (a, b) => deepEqual(own(a), own(b)),
  async resolve({ realMasterState: server, newDocumentState: mine }) {
    const lost = (by: string, deleted: boolean, now: Record<string, unknown>, ours: Record<string, unknown> = mine.data) =>
      tell({
        id: mine.id, type: mine.type, title: mine.title, by, deleted: deleted || !!mine._deleted,
        fields: Object.keys({ ...ours, ...now }).filter((f) => !deepEqual(ours[f], now[f])).map((field) => ({ field, now: now[field] })),
      });
    if (refused.delete(mine.id)) return server;
    // A keyed fact another device wrote first (a day's shift close made offline on two phones): RxDB found the server's
    // copy before pushing ours, so the push rule never saw it; it is the same «no», said in the key's words.
    const taken = takenBy(mine, server);
    if (taken) {
      reportRejection({ db: 'office', id: mine.id, reason: taken });
      refused.delete(mine.id);
      return server;
    }
    // An edit wins over a deletion, whichever side made it: nothing anyone typed is lost (the deleter deletes again).
    if (server._deleted) return mine._deleted ? server : { ...mine, _deleted: false };
    if (mine._deleted) {
      lost(server.updatedBy, false, server.data);
      return server;
    }
    const entity = entities[mine.type];
    // Compared as read now: an older copy equal to the result once lifted is the result, kept as stored.
    const { data, server: theirs, mine: ours } = mergeBy(entity, server, mine);
    if (deepEqual(data, theirs)) {
      if (!deepEqual(data, ours)) lost(server.updatedBy, false, data, ours);
      return server;
    }
    if (!deepEqual(data, ours)) lost(server.updatedBy, false, data, ours);
    const rules = rulesOf(entity);
    const day = rules.day(data);
    const { day: _day, replaced: _replaced, ...envelope } = server;
    return {
      ...envelope,
      ...(day ? { day } : {}),
      v: entity.version,
      title: rules.title(data),
      updatedBy: mine.updatedBy,
      updatedAt: Math.max(server.updatedAt, mine.updatedAt),
      data,
      // The server's version did not come through whole: its author is told when their device pulls this.
      replaced: { by: server.updatedBy, at: server.updatedAt },
    };
  },
};

/**
 * The other half of «the loser is told»: a record this device last held in its user's version comes back
 * from another device's resolution marked as having replaced exactly that version.
 */
export const watchReplacedChanges = (office: RxCollection<OfficeRecord>, me: () => string | null): Subscription =>
  office.$.subscribe((change) => {
    const before = change.previousDocumentData;
    const after = change.documentData;
    const mark = after?.replaced;
    const phone = me();
    if (!before || !mark || !phone || mark.by !== phone || before.updatedBy !== phone || before.updatedAt !== mark.at) return;
    // Every tab sees the change itself: no broadcast, or each would be told twice.
    lostChanges$.next({
      id: after.id, type: after.type, title: after.title, by: after.updatedBy, deleted: !!after._deleted,
      fields: Object.keys({ ...before.data, ...after.data }).filter((f) => !deepEqual(before.data[f], after.data[f])).map((field) => ({ field, now: after.data[field] })),
    });
  });
