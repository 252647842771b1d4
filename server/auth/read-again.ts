/**
 * A read of this process kept for a moment: every staff request looks up its session and user, and at a thousand
 * requests a second those two reads cost a third of the answer. What another app server changes (a sign-out there)
 * is seen here within `ms`; what this process changes it forgets at once.
 */
export const readAgainAfter = <T>(ms: number, most = 10_000, clock: () => number = Date.now) => {
  const kept = new Map<string, { value: T; until: number }>();
  return {
    async get(key: string, read: () => Promise<T>): Promise<T> {
      const now = clock();
      const hit = kept.get(key);
      if (hit && hit.until > now) return hit.value;
      const value = await read();
      if (kept.size >= most) kept.clear();
      kept.set(key, { value, until: now + ms });
      return value;
    },
    forget: (key: string) => void kept.delete(key),
  };
};

/** How long a session or user read is kept: a sign-out on another app server takes effect here within this. */
export const sessionReadMs = 1_000;
