import type { Storage } from './storage';
import { log } from '../ops/log';

type Listener = () => void;
type Seq = string | number;

interface Feed {
  listeners: Set<Listener>;
  feed?: PouchDB.Core.Changes<object>;
  release?: () => void;
  retry?: NodeJS.Timeout;
  stopped?: boolean;
  /** A start is under way (it awaits the database): a second one would open a second feed. */
  starting?: boolean;
  /** The sequence this feed has seen up to: a restarted feed carries on from here, so nothing written meanwhile is missed. */
  since?: Seq;
  /** Failures in a row: the next try waits longer. */
  failures: number;
}

/** How often a watched database that does not exist yet is looked for (another process may create it). */
const lookAgainMs = 30_000;

interface FeedRetry {
  /** The wait after the first failure; doubled after each further one. */
  firstMs: number;
  /** The longest wait between tries. */
  maxMs: number;
}
const defaultFeedRetry: FeedRetry = { firstMs: 500, maxMs: 30_000 };

/** Exponential, bounded, with jitter (half to the whole of the step), so app servers do not all return at once. */
export const retryDelay = (failures: number, retry: FeedRetry, random = Math.random) => {
  const step = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(step * (0.5 + random() / 2));
};

/**
 * One live changes feed per database for the whole process, shared by every browser that listens.
 * With CouchDB behind, a change written by another process arrives here too.
 * A feed holds its database open while anyone listens and lets it go after the last one leaves. A customer's
 * database that does not exist yet is not created by watching it: the feed starts once it exists.
 * A feed that fails (CouchDB restarted, the network dropped) is started again with backoff from the last sequence it
 * saw; once it is back its listeners are told, since their copies (the catalogue index, browsers) may have missed changes.
 */
export const changesHub = (storage: Storage, retry: FeedRetry = defaultFeedRetry) => {
  const feeds = new Map<string, Feed>();

  const tell = (entry: Feed) => entry.listeners.forEach((l) => l());

  const stopFeed = (entry: Feed) => {
    entry.feed?.cancel();
    entry.feed = undefined;
    entry.release?.();
    entry.release = undefined;
  };

  const start = async (name: string, entry: Feed, appeared: boolean) => {
    const db = storage.db(name);
    entry.release = storage.hold(name);
    const recovering = entry.failures > 0;
    // Asked every time: a restart counts as recovered only once the database answers. A known starting sequence
    // (rather than 'now') is what a later restart carries on from.
    const { update_seq } = await db.info();
    entry.since ??= appeared ? 0 : update_seq;
    if (entry.stopped) return stopFeed(entry);
    const feed = db.changes({ since: entry.since, live: true });
    entry.feed = feed;
    feed.on('change', (change) => {
      entry.since = change.seq;
      if (entry.failures) entry.failures = 0;
      tell(entry);
    });
    feed.on('error', (e) => {
      if (entry.feed !== feed || entry.stopped) return;
      if (!entry.failures) log.error({ err: e }, `changes feed of ${name} failed, starting it again`);
      stopFeed(entry);
      again(name, entry, retryDelay(++entry.failures, retry));
    });
    if (recovering) {
      log.warn(`changes feed of ${name} is back after ${entry.failures} tries, from sequence ${String(entry.since)}`);
      entry.failures = 0;
      tell(entry);
    }
  };

  const again = (name: string, entry: Feed, ms: number, appeared = false) => {
    clearTimeout(entry.retry);
    entry.retry = setTimeout(() => void attach(name, entry, appeared), ms);
  };

  /** Starts the feed when the database exists; `appeared`: it came into being while watched, so all of it is news. */
  const attach = async (name: string, entry: Feed, appeared = false): Promise<void> => {
    clearTimeout(entry.retry);
    if (entry.stopped || entry.feed || entry.starting) return;
    entry.starting = true;
    try {
      if (!(await storage.exists(name))) return again(name, entry, lookAgainMs, true);
      if (entry.stopped) return;
      await start(name, entry, appeared);
    } catch (e) {
      stopFeed(entry);
      if (entry.stopped) return;
      if (!entry.failures) log.error({ err: e }, `changes feed of ${name} could not start`);
      again(name, entry, retryDelay(++entry.failures, retry), appeared);
    } finally {
      entry.starting = false;
    }
  };

  const stopOpenListening = storage.onOpen((name) => {
    const entry = feeds.get(name);
    if (entry && !entry.feed && entry.since === undefined) queueMicrotask(() => void attach(name, entry, true));
  });

  const detach = (name: string, entry: Feed) => {
    entry.stopped = true;
    clearTimeout(entry.retry);
    stopFeed(entry);
    if (feeds.get(name) === entry) feeds.delete(name);
  };

  return {
    watch(name: string, listener: Listener): () => void {
      let entry = feeds.get(name);
      if (!entry) {
        const created: Feed = { listeners: new Set(), failures: 0 };
        feeds.set(name, created);
        void attach(name, created);
        entry = created;
      }
      const watched = entry;
      watched.listeners.add(listener);
      return () => {
        watched.listeners.delete(listener);
        if (!watched.listeners.size) detach(name, watched);
      };
    },
    close() {
      stopOpenListening();
      feeds.forEach((entry, name) => detach(name, entry));
      feeds.clear();
    },
  };
};
export type ChangesHub = ReturnType<typeof changesHub>;
