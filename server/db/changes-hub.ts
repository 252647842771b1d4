import type { Storage } from './storage';

type Listener = () => void;

interface Feed {
  listeners: Set<Listener>;
  feed?: PouchDB.Core.Changes<object>;
  release?: () => void;
  retry?: NodeJS.Timeout;
  stopped?: boolean;
}

/** How often a watched database that does not exist yet is looked for (another process may create it). */
const lookAgainMs = 30_000;

/**
 * One live changes feed per database for the whole process, shared by every browser that listens.
 * With CouchDB behind, a change written by another process arrives here too.
 * A feed holds its database open while anyone listens and lets it go after the last one leaves. A customer's
 * database that does not exist yet is not created by watching it: the feed starts once it exists.
 */
export const changesHub = (storage: Storage) => {
  const feeds = new Map<string, Feed>();

  const start = (name: string, entry: Feed, since: 'now' | 0) => {
    storage.db(name);
    entry.release = storage.hold(name);
    const feed = storage.db(name).changes({ since, live: true });
    feed.on('change', () => entry.listeners.forEach((l) => l()));
    feed.on('error', (e) => console.error(`changes feed of ${name} failed`, e));
    entry.feed = feed;
  };

  /** Starts the feed when the database exists; `appeared`: it came into being while watched, so all of it is news. */
  const attach = async (name: string, entry: Feed, appeared = false): Promise<void> => {
    clearTimeout(entry.retry);
    if (entry.stopped || entry.feed) return;
    try {
      if (!(await storage.exists(name))) {
        entry.retry = setTimeout(() => void attach(name, entry, true), lookAgainMs);
        return;
      }
      if (entry.stopped || entry.feed) return;
      start(name, entry, appeared ? 0 : 'now');
    } catch (e) {
      console.error(`changes feed of ${name} could not start`, e);
      entry.retry = setTimeout(() => void attach(name, entry, appeared), lookAgainMs);
    }
  };

  const stopOpenListening = storage.onOpen((name) => {
    const entry = feeds.get(name);
    if (entry && !entry.feed) queueMicrotask(() => void attach(name, entry, true));
  });

  const detach = (name: string, entry: Feed) => {
    entry.stopped = true;
    clearTimeout(entry.retry);
    entry.feed?.cancel();
    entry.release?.();
    if (feeds.get(name) === entry) feeds.delete(name);
  };

  return {
    watch(name: string, listener: Listener): () => void {
      let entry = feeds.get(name);
      if (!entry) {
        const created: Feed = { listeners: new Set() };
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
