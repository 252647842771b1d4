import { z } from 'zod';
import type { Storage } from '../db/storage';
import { dropLeaf, writeDoc } from '../db/claim';
import { isNotFound } from '../db/docs';
import type { ChangesHub } from '../db/changes-hub';

/**
 * The version of the stored data this code reads and writes (issue 31, item 4). Raise it by one with every start-up
 * migration that changes stored data (a new shape, a document moved): the migration runs in `startShop` before the
 * marker is raised, must be safe to repeat and to run from two app servers at once, and must leave data that the
 * previous release, still running on the other app server for a moment, can still read (DECISIONS «Upgrades»).
 * 1: the marker itself (every migration before it runs at every start and marks itself, e.g. orders/copies-upgrade.ts).
 */
export const dataVersion = 1;

/** The marker: the store's data version, beside the shop's counters and epoch, which only the server reads. */
const markerDb = 'counters';
export const dataVersionId = 'data-version';

const marker = z.object({ version: z.number().int().nonnegative(), at: z.string() });
type Marker = z.infer<typeof marker>;

/** The exit code of an app server that refuses a store of newer data (ops/systemd/shop@.service does not restart it). */
export const newerDataExitCode = 78;

/** The store holds data of a newer release than this code: it must not start (nothing was written). */
export class NewerDataVersion extends Error {
  constructor(
    readonly stored: number,
    readonly own: number,
  ) {
    super(
      `Версия данных в хранилище (${stored}) новее этого сервера (${own}): его код старее данных. Сервер не запущен и ничего не записал; ` +
        'обновите код до версии, с которой работают другие серверы магазина, и запустите снова.\n' +
        `The store's data version (${stored}) is newer than this server's (${own}): its code is older than the data. ` +
        'It did not start and wrote nothing; update it to the release the other app servers run and start it again.',
    );
  }
}

type Leaf = Marker & { _rev: string };

/** Every live leaf of the marker (a cluster may leave two writers' branches), highest version first. */
const leaves = async (db: PouchDB.Database): Promise<Leaf[]> => {
  const found = await db.get(dataVersionId, { open_revs: 'all' }).catch((e: unknown) => {
    if (isNotFound(e)) return [];
    throw e;
  });
  return found
    .flatMap((leaf) => {
      if (!('ok' in leaf) || (leaf.ok as { _deleted?: boolean })._deleted) return [];
      const parsed = marker.safeParse(leaf.ok);
      return parsed.success ? [{ ...parsed.data, _rev: leaf.ok._rev }] : [];
    })
    .sort((a, b) => b.version - a.version);
};

/**
 * The store's data version: the highest of the marker's live leaves (versions only rise, so a branch left by two
 * writers is read as the higher), 0 for a store that has none yet (made before the marker, or new). Only reads.
 */
export const storedDataVersion = async (storage: Storage): Promise<number> => (await leaves(storage.db(markerDb)))[0]?.version ?? 0;

/** At start, before anything is written: refuses a store whose data is newer than this code (`NewerDataVersion`). */
export const checkDataVersion = async (storage: Storage, own: number): Promise<number> => {
  const stored = await storedDataVersion(storage);
  if (stored > own) throw new NewerDataVersion(stored, own);
  return stored;
};

const tries = 20;

/**
 * After the start-up migrations: the marker says `own` unless it already says as much or more. Two servers raising
 * it at once: the first write wins (server/db/claim.ts, a 201 on a cluster), the other reads the marker again and
 * finds it raised. A branch (two 202 writers) is resolved here, not left: the highest version is written over
 * CouchDB's winner and the other leaves are ended. Never lowers it.
 */
export const raiseDataVersion = async (storage: Storage, own: number): Promise<number> => {
  const db = storage.db(markerDb);
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, Math.random() * 50 * Math.min(attempt, 5)));
    const found = await leaves(db);
    const [highest] = found;
    if (found.length > 1) {
      // Written over the winner's revision, so the branches end in one leaf that holds the highest version.
      const winner = (await db.get(dataVersionId))._rev;
      const body = { version: Math.max(highest.version, own), at: new Date().toISOString() };
      const written = await writeDoc(db, { _id: dataVersionId, _rev: winner, ...body });
      if (written.won) for (const leaf of await leaves(db)) if (leaf._rev !== written.rev) await dropLeaf(db, dataVersionId, leaf._rev);
      continue;
    }
    if (highest && highest.version >= own) return highest.version;
    const written = await writeDoc(db, { _id: dataVersionId, ...(highest ? { _rev: highest._rev } : {}), version: own, at: new Date().toISOString() });
    if (written.won) return own;
  }
  throw new Error(`counters/${dataVersionId}: the data version was not raised to ${own} after ${tries} tries`);
};

export interface DataVersionWatch {
  /** This code's data version. */
  own: number;
  /** The store's, as last read. */
  stored(): number;
  /** Whether the store's data became newer than this code while it ran: it then serves no /api or /db call. */
  outdated(): boolean;
  stop(): void;
}

/** The message of an outdated server, for /api/health and the calls it refuses. */
export const outdatedMessage = 'Версия данных новее этого сервера: его нужно обновить и перезапустить';

/**
 * A running app server follows the marker's database (`counters`) on the changes feed it already shares
 * (server/db/changes-hub.ts): another app server of a newer release that started on the same store raises the marker,
 * and this one's code may no longer write what that release reads, so it must stop within about a second, not at its
 * next timed look. Every change of `counters` (order numbers too) asks for one read of the marker, at most one at a time
 * (changes meanwhile ask for one more). The timed look every `everyMs` stays as a backstop for a feed that is away
 * (the hub restarts a failed feed and tells its listeners, so this is belt and braces). `onOutdated` runs once.
 */
export const watchDataVersion = (storage: Storage, hub: ChangesHub, own: number, stored: number, everyMs: number, onOutdated: () => void): DataVersionWatch => {
  let last = stored;
  let told = false;
  let looking = false;
  let again = false;
  const look = async () => {
    last = Math.max(last, await storedDataVersion(storage));
    if (last > own && !told) {
      told = true;
      onOutdated();
    }
  };
  const lookOnce = () => {
    if (looking) return void (again = true);
    looking = true;
    again = false;
    void look()
      .catch(() => undefined)
      .finally(() => {
        looking = false;
        if (again && !told) lookOnce();
      });
  };
  const unwatch = hub.watch(markerDb, lookOnce);
  const timer = setInterval(lookOnce, everyMs);
  timer.unref();
  return {
    own,
    stored: () => last,
    outdated: () => last > own,
    stop: () => {
      clearInterval(timer);
      unwatch();
    },
  };
};
