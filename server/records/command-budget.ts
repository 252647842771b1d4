import { z } from 'zod';
import type { AnyEntity } from '../../schema/entities';
import { refuse, type PushedDoc, type PushRule } from '../db/push-rule';
import { StorageBusy } from '../db/storage';
import { upsert } from '../db/docs';

/**
 * How much of the office database one person's commands may take (issue 18, item 5). Every staff device pulls the
 * office database whole, so one person (a broken device, a stolen session) must not fill it:
 * - waiting for the server's answer: at most `pending` commands and `pendingBytes` of them (a photo command is up
 *   to 1.5 MB until answered). Beyond that the push is answered 503 and the device sends it again later: the server
 *   is behind on this person's commands, nothing is wrong with the command, and refusing it would make the device
 *   drop it (a day's offline work arriving at once must not lose any).
 * - in a day: at most `perDay` commands answered in the last 24 hours (by the server's clock) and waiting, together.
 *   Beyond that each command is refused as a conflict with the reason: no studio day comes near it.
 * Answered commands are slimmed (server/orders/answered-command.ts) and swept after two weeks, so with these the
 * office holds at most `perDay` × 14 small commands of any one person.
 */
interface CommandLimits {
  pending: number;
  pendingBytes: number;
  perDay: number;
}
export const commandLimits: CommandLimits = { pending: 100, pendingBytes: 12_000_000, perDay: 2_000 };

const dayMs = 24 * 3600_000;

const stored = z.object({
  type: z.string(),
  createdBy: z.string(),
  data: z.object({ outcome: z.object({ at: z.number() }).optional() }),
});

const sizeOf = (doc: unknown): number => Buffer.byteLength(JSON.stringify(doc));

/**
 * Each person's commands by their author and when they were answered (null: waiting), a view of the office database
 * kept up by the store as documents change: a push of commands reads the pusher's own, not every record of the
 * studio's years (a scan of the office for every such push before).
 */
const designId = '_design/command-budget';
const byAuthor = 'command-budget/byAuthor';
const designOf = (types: readonly string[]) => ({
  views: {
    byAuthor: {
      map: `function (doc) { if (${JSON.stringify(types)}.indexOf(doc.type) >= 0 && typeof doc.createdBy === 'string' && doc.data) { var o = doc.data.outcome; if (o === undefined) emit([doc.createdBy, null], null); else if (o && typeof o.at === 'number') emit([doc.createdBy, o.at], null); } }`,
    },
  },
  language: 'javascript',
});
const viewWritten = new WeakMap<PouchDB.Database, string>();
/** Writes the view once per database object and list of command types (the same content is not written again). */
const ensureBudgetView = async (db: PouchDB.Database, types: readonly string[]) => {
  const design = designOf(types);
  const views = JSON.stringify(design.views);
  if (viewWritten.get(db) === views) return;
  await upsert<object>(db, designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === views ? null : design));
  viewWritten.set(db, views);
};

const commandTypesOf = (registry: Record<string, AnyEntity>) => Object.values(registry).filter((e) => e.write === 'command').map((e) => e.type).sort();

/** At start: the view written and built in the background, so the first push of commands after a deploy does not build it. */
export const ensureCommandBudgetView = async (db: PouchDB.Database, registry: Record<string, AnyEntity>): Promise<void> => {
  await ensureBudgetView(db, commandTypesOf(registry));
  void db.query(byAuthor, { limit: 0 }).catch(() => undefined);
};

/**
 * Wraps the office's per-document rule with the pusher's budget: reads, once per batch that creates commands, what
 * of theirs the database holds, answers 503 (StorageBusy) when the batch's commands would not fit what may wait, and
 * refuses each command past the day's count.
 */
export const withCommandBudget =
  (registry: Record<string, AnyEntity>, rule: PushRule, limits: CommandLimits = commandLimits, clock: () => number = Date.now) =>
  async (db: PouchDB.Database, user: { phone: string }, docs: readonly PushedDoc[]): Promise<PushRule> => {
    const commandTypes = new Set<string>(commandTypesOf(registry));
    const isCommand = (doc: PushedDoc) => !doc._deleted && typeof doc.type === 'string' && commandTypes.has(doc.type);
    const incoming = docs.filter(isCommand);
    if (!incoming.length) return rule;

    const since = clock() - dayMs;
    const held = { pending: 0, bytes: 0, day: 0 };
    const ids = new Set<string>();
    const mine = (row: { id: string; doc?: unknown }) => {
      const doc = stored.safeParse(row.doc);
      return doc.success && commandTypes.has(doc.data.type) && doc.data.createdBy === user.phone ? doc.data : null;
    };
    // This person's commands only, through the view (`byAuthor`), never the office whole: what waits, with its
    // bytes; the count of those answered since `since`; and which of the batch's ids are theirs already.
    await ensureBudgetView(db, [...commandTypes]);
    const [waiting, answered, already] = await Promise.all([
      db.query(byAuthor, { key: [user.phone, null], include_docs: true }),
      db.query(byAuthor, { startkey: [user.phone, since], endkey: [user.phone, {}] }),
      db.allDocs({ keys: incoming.map((d) => d._id), include_docs: true }),
    ]);
    for (const row of waiting.rows) {
      const doc = mine(row);
      if (!doc || doc.data.outcome) continue;
      held.pending++;
      held.bytes += sizeOf(row.doc);
      held.day++;
    }
    held.day += answered.rows.length;
    for (const row of already.rows) if ('doc' in row && mine(row)) ids.add(row.key);
    // Documents the database has already are refused by the rule (a command is created once): they count for nothing.
    const fresh = incoming.filter((d) => !ids.has(d._id));
    if (held.pending + fresh.length > limits.pending || held.bytes + fresh.reduce((s, d) => s + sizeOf(d), 0) > limits.pendingBytes)
      throw new StorageBusy('Сервер ещё выполняет ваши прежние команды: эти отправятся чуть позже сами');

    return (u, doc, existing) => {
      const verdict = rule(u, doc, existing);
      if (!verdict.ok || !isCommand(doc) || existing) return verdict;
      if (held.day >= limits.perDay) return refuse(`За сутки отправлено ${limits.perDay} команд по заказам — больше нельзя: обратитесь к менеджеру`);
      held.day++;
      return verdict;
    };
  };
