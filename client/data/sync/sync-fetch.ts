import type { ChangeSignals } from './change-signals';
import { rejections$ } from './rejections';

const quietMs = 60_000;

interface ChangesAnswer {
  results?: unknown[];
  last_seq?: string | number;
}

/** Without a change stream (not yet opened, or in tests) the wait is a short poll instead. */
const pollMs = 2_000;

const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};

/**
 * The fetch RxDB's CouchDB replication uses for one database.
 * - A long-poll becomes short `feed=normal` requests: when nothing is new, it waits for the SSE signal
 *   (or a minute) and asks once more. So no tab ever holds a long-poll open.
 * - `_bulk_docs` answers are read for refused documents, which are reported to the user.
 */
export const syncFetch = (db: string, signals: () => ChangeSignals | null) =>
  async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const go = (u: string) => fetch(u, { ...init, credentials: 'same-origin' });
    if (url.includes('feed=longpoll')) {
      let next = withParam(url, 'feed', 'normal');
      const first = await go(next);
      const body = (await first.clone().json()) as ChangesAnswer;
      if (body.results?.length) return first;
      const waitFor = signals();
      await (waitFor ? waitFor.next(db, quietMs) : new Promise((r) => setTimeout(r, pollMs)));
      next = withParam(next, 'since', String(body.last_seq ?? 0));
      return go(next);
    }
    const answer = await go(url);
    if (url.includes('/_bulk_docs') && answer.ok) {
      const rows = (await answer.clone().json()) as { id: string; rejected?: boolean; reason?: string }[];
      rows.filter((r) => r.rejected).forEach((r) => rejections$.next({ db, id: r.id, reason: r.reason ?? '' }));
    }
    return answer;
  };
