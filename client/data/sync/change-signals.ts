/**
 * "Database X changed" signals from the server's one SSE stream. The replication's long-poll waits here
 * instead of holding an HTTP connection of its own.
 */
export interface ChangeSignals {
  /** How many changes of `db` (or reconnects) this stream has seen; read it before asking the server. */
  seen(db: string): number;
  /**
   * Resolves at the next change of `db`, or after `ms`, or when nudged (coming back online).
   * With `after` (a `seen` count), resolves at once when a change came in since then.
   */
  next(db: string, ms: number, after?: number): Promise<void>;
  nudge(): void;
  close(): void;
}

/**
 * `onSignedOut`: the server ended this session (the person was removed from the staff, issue 20 item 3) and says so
 * on the stream before closing it.
 */
export const changeSignals = (
  streamUrl: (dbs: string[]) => string,
  dbs: string[],
  EventSourceImpl: typeof EventSource = EventSource,
  onSignedOut: () => void = () => {},
): ChangeSignals => {
  const waiting = new Set<{ db: string; wake: () => void }>();
  const counts = new Map<string, number>();
  let everyone = 0;
  const wake = (db?: string) => {
    if (db) counts.set(db, (counts.get(db) ?? 0) + 1);
    else everyone++;
    waiting.forEach((w) => (!db || w.db === db) && w.wake());
  };
  const seen = (db: string) => (counts.get(db) ?? 0) + everyone;
  const source = new EventSourceImpl(streamUrl(dbs));
  source.addEventListener('change', (e) => wake((JSON.parse((e as MessageEvent<string>).data) as { db: string }).db));
  source.addEventListener('signed-out', () => {
    source.close();
    onSignedOut();
  });
  // A reconnected stream may have missed changes: everyone asks again.
  source.addEventListener('open', () => wake());

  return {
    seen,
    next(db, ms, after) {
      if (after !== undefined && seen(db) > after) return Promise.resolve();
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
