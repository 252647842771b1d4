/**
 * A read of this process kept for a moment: every staff request looks up its session and user, and at a thousand
 * requests a second those two reads cost a third of the answer. What another app server changes (a sign-out there)
 * is seen here within `ms`; what this process changes it forgets at once.
 *
 * A key asked for in the second half of its time is read again in the background (the answer is still the kept
 * value, read less than `ms` ago), so a steady stream of requests (a device's pushes) never waits for the store: the
 * next value is in place before the kept one runs out. A read of a key is shared by whoever asks meanwhile; one under
 * way when the key is forgotten keeps nothing (it may have read the store before the change that made us forget).
 */
export const readAgainAfter = <T>(ms: number, most = 10_000, clock: () => number = Date.now) => {
  const kept = new Map<string, { value: T; until: number }>();
  /** Reads under way, by key, with when they were sent. */
  const reading = new Map<string, { at: number; done: Promise<T> }>();
  const readNow = (key: string, read: () => Promise<T>, at: number): Promise<T> => {
    // Still this key's read when it ends: not forgotten, nor replaced by a later one.
    const current = () => reading.get(key)?.done === done;
    const done: Promise<T> = read().then(
      (value) => {
        if (current()) {
          reading.delete(key);
          if (kept.size >= most) kept.clear();
          kept.set(key, { value, until: at + ms });
        }
        return value;
      },
      (e: unknown) => {
        if (current()) reading.delete(key);
        throw e;
      },
    );
    reading.set(key, { at, done });
    return done;
  };
  return {
    async get(key: string, read: () => Promise<T>): Promise<T> {
      const now = clock();
      const hit = kept.get(key);
      const under = reading.get(key);
      if (hit && hit.until > now) {
        if (!under && hit.until - now <= ms / 2) readNow(key, read, now).catch(() => undefined);
        return hit.value;
      }
      // A read sent within the time is as fresh as a kept value: joined, not sent again.
      if (under && under.at + ms > now) return under.done;
      return readNow(key, read, now);
    },
    forget: (key: string) => {
      kept.delete(key);
      reading.delete(key);
    },
  };
};

/** How long a session or user read is kept: a sign-out on another app server takes effect here within this. */
export const sessionReadMs = 1_000;
