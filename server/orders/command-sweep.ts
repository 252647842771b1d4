import { tierDatabases } from '../../schema/databases';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { officeRecord } from '../../schema/record';
import type { Storage } from '../db/storage';
import { stripMeta } from '../db/docs';

/**
 * How long an answered order command stays in the office database. Staff devices pull the whole office database,
 * so commands cannot stay for ever; what each did stays in its order's history. Two weeks covers the studio window
 * (orders from 7 days back), so a refusal is still shown on any order a device holds.
 */
export const commandsKeptMs = 14 * 24 * 3600_000;

/**
 * Deletes order commands answered longer ago than `commandsKeptMs`; devices drop them as they pull. A command
 * without an outcome is never deleted. Safe from several app servers at once: each deletion names the revision it
 * read, and a conflict in the bulk answer is simply left.
 */
export const sweepOrderCommands = async (storage: Storage, now = Date.now()): Promise<number> => {
  const office = storage.db(tierDatabases[orderCommandEntity.tier]);
  const { rows } = await office.allDocs({ include_docs: true });
  const old = rows.filter((r) => {
    if (!r.doc) return false;
    const record = officeRecord.safeParse({ ...stripMeta(r.doc), id: r.id });
    if (!record.success || record.data.type !== orderCommandEntity.type) return false;
    const command = orderCommandEntity.fields.safeParse(record.data.data);
    return command.success && !!command.data.outcome && command.data.outcome.at < now - commandsKeptMs;
  });
  if (!old.length) return 0;
  const answers = await office.bulkDocs(old.map((r) => ({ _id: r.id, _rev: r.value.rev, _deleted: true })));
  return answers.filter((a) => 'ok' in a && a.ok).length;
};
