import { z } from 'zod';
import { dropOldRevisions } from '../db/compaction';
import type { Storage } from '../db/storage';
import { studioOrdersDb } from './spread';
import { studioWindowStart } from './studio-window';
import { sweepOrderCommands } from './command-sweep';
import { log } from '../ops/log';

const dated = z.object({ date: z.string() });
const sweepEveryMs = 3600_000;

/**
 * Deletes staff copies of orders delivered before the studio window; staff devices then drop them as they pull.
 * Safe from several app servers at once: each deletion names the revision it read, and one another server deleted
 * (or a spread rewrote) first comes back as a conflict inside the bulk answer, which is simply left.
 */
export const sweepStudioOrders = async (storage: Storage, now = new Date()): Promise<number> => {
  const from = studioWindowStart(now);
  const { rows } = await storage.db(studioOrdersDb).allDocs({ include_docs: true });
  const old = rows.filter((r) => {
    const d = dated.safeParse(r.doc);
    return !r.id.startsWith('_design/') && d.success && d.data.date < from;
  });
  if (!old.length) return 0;
  const answers = await storage.db(studioOrdersDb).bulkDocs(old.map((r) => ({ _id: r.id, _rev: r.value.rev, _deleted: true })));
  // A deleted copy's last body must not stay readable by its revision: out of the window is out of a florist's reach.
  await dropOldRevisions(storage.db(studioOrdersDb));
  return answers.filter((a) => 'ok' in a && a.ok).length;
};

/**
 * At start (awaited, before the server listens) and every hour: staff copies out of the window (it moves a day at
 * Moscow midnight) and order commands answered long ago (command-sweep.ts).
 */
export const sweepStudioOrdersHourly = async (storage: Storage): Promise<() => void> => {
  const run = () =>
    Promise.all([
      sweepStudioOrders(storage).catch((e: Error) => void log.error({ err: e }, 'studio-orders sweep failed')),
      sweepOrderCommands(storage).catch((e: Error) => void log.error({ err: e }, 'order commands sweep failed')),
    ]);
  await run();
  const timer = setInterval(() => void run(), sweepEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};
