import { tierDatabases } from '../../schema/shared/databases';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { officeRecord } from '../../schema/shared/record';
import type { Storage } from '../db/storage';
import { stripMeta } from '../db/docs';
import { answeredAction, needsSlimming } from './answered-command';

/**
 * How long an answered order command stays in the office database. Staff devices pull the whole office database,
 * so commands cannot stay for ever; what each did stays in its order's history. Two weeks covers the studio window
 * (orders from 7 days back), so a refusal is still shown on any order a device holds.
 */
export const commandsKeptMs = 14 * 24 * 3600_000;

/**
 * Deletes order commands answered longer ago than `commandsKeptMs`; devices drop them as they pull. A command
 * without an outcome is never deleted. An answered one still carrying a photo's bytes is slimmed (answered-command.ts). Safe from several app servers at once: each deletion names the revision it
 * read, and a conflict in the bulk answer is simply left.
 */
export const sweepOrderCommands = async (storage: Storage, now = Date.now()): Promise<number> => {
  const office = storage.db(tierDatabases[orderCommandEntity.tier]);
  const { rows } = await office.allDocs({ include_docs: true });
  const answered = rows.flatMap((r) => {
    if (!r.doc) return [];
    const record = officeRecord.safeParse({ ...stripMeta(r.doc), id: r.id });
    if (!record.success || record.data.type !== orderCommandEntity.type) return [];
    const command = orderCommandEntity.fields.safeParse(record.data.data);
    return command.success && command.data.outcome ? [{ row: r, record: record.data, outcome: command.data.outcome }] : [];
  });
  const old = answered.filter((c) => c.outcome.at < now - commandsKeptMs);
  // Answered before refusals were slimmed too (or by an older server): the bytes go now, the answer stays.
  const fat = answered.filter((c) => c.outcome.at >= now - commandsKeptMs && needsSlimming(c.record.data.action as Record<string, unknown>, c.outcome));
  if (fat.length)
    await office.bulkDocs(
      fat.map(({ row, record, outcome }) => {
        const { id: _id, ...rest } = record;
        const action = answeredAction(record.data.action as Record<string, unknown>, outcome);
        return { ...rest, _id: row.id, _rev: row.value.rev, data: { ...record.data, action }, updatedAt: Math.max(now, record.updatedAt + 1) };
      }),
    );
  if (!old.length) return 0;
  const answers = await office.bulkDocs(old.map(({ row }) => ({ _id: row.id, _rev: row.value.rev, _deleted: true })));
  return answers.filter((a) => 'ok' in a && a.ok).length;
};
