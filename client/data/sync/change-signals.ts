/**
 * "Database X changed" signals from the server's one SSE stream. The replication's long-poll waits here
 * instead of holding an HTTP connection of its own.
 */
export interface ChangeSignals {
  /** Resolves at the next change of `db`, or after `ms`, or when nudged (coming back online). */
  next(db: string, ms: number): Promise<void>;
  nudge(): void;
  close(): void;
}

export const changeSignals = (streamUrl: (dbs: string[]) => string, dbs: string[], EventSourceImpl: typeof EventSource = EventSource): ChangeSignals => {
  const waiting = new Set<{ db: string; wake: () => void }>();
  const wake = (db?: string) => waiting.forEach((w) => (!db || w.db === db) && w.wake());
  const source = new EventSourceImpl(streamUrl(dbs));
  source.addEventListener('change', (e) => wake((JSON.parse((e as MessageEvent<string>).data) as { db: string }).db));
  // A reconnected stream may have missed changes: everyone asks again.
  source.addEventListener('open', () => wake());

  return {
    next(db, ms) {
      return new Promise<void>((resolve) => {
        const entry = { db, wake: () => done() };
        const timer = setTimeout(() => done(), ms);
        const done = () => {
          clearTimeout(timer);
          waiting.delete(entry);
          resolve();
        };
        waiting.add(entry);
      });
    },
    nudge: () => wake(),
    close() {
      source.close();
      wake();
    },
  };
};
