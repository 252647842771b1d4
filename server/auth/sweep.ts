import { log } from '../ops/log';

/**
 * Removes expired sessions, codes and rate-limit windows from the auth database, which would otherwise
 * grow with every sign-in. Safe to run from several processes at once: a conflict just means another did it.
 */
export const sweepExpired = async (auth: PouchDB.Database, now = Date.now()): Promise<number> => {
  const { rows } = await auth.allDocs({ include_docs: true });
  const expired = rows
    .filter((r) => typeof (r.doc as { expiresAt?: unknown } | undefined)?.expiresAt === 'number' && (r.doc as unknown as { expiresAt: number }).expiresAt < now)
    .map((r) => ({ _id: r.id, _rev: r.value.rev, _deleted: true }));
  if (expired.length) await auth.bulkDocs(expired);
  return expired.length;
};

export const sweepEveryHour = (auth: PouchDB.Database): (() => void) => {
  const run = () => void sweepExpired(auth).catch((e: Error) => log.error({ err: e }, 'auth sweep failed'));
  run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
};
