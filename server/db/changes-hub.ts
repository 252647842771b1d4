import type { Storage } from './storage';

type Listener = () => void;

/**
 * One live changes feed per database for the whole process, shared by every browser that listens.
 * With CouchDB behind, a change written by another process arrives here too.
 */
export const changesHub = (storage: Storage) => {
  const feeds = new Map<string, { listeners: Set<Listener>; feed: PouchDB.Core.Changes<object> }>();

  const open = (name: string) => {
    const listeners = new Set<Listener>();
    const feed = storage.db(name).changes({ since: 'now', live: true });
    feed.on('change', () => listeners.forEach((l) => l()));
    feed.on('error', (e) => console.error(`changes feed of ${name} failed`, e));
    feeds.set(name, { listeners, feed });
    return feeds.get(name)!;
  };

  return {
    watch(name: string, listener: Listener): () => void {
      const entry = feeds.get(name) ?? open(name);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    close() {
      feeds.forEach(({ feed }) => feed.cancel());
      feeds.clear();
    },
  };
};
export type ChangesHub = ReturnType<typeof changesHub>;
