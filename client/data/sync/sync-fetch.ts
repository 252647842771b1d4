import type { ChangeSignals } from './change-signals';
import { reportRejection } from './rejections';
import { keepRefused, reopenPath } from './refused-changes';

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

const jsonAnswer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * RxDB reads `results` of a long-poll answer outside its try/catch: an error body (401 after sign-out, 5xx)
 * would kill its live loop with an unhandled rejection. Thrown here, RxDB reports it and retries.
 */
const changesOf = async (answer: Response): Promise<ChangesAnswer> => {
  if (!answer.ok) throw new Error(`_changes answered ${answer.status}`);
  return (await answer.clone().json()) as ChangesAnswer;
};

/**
 * The fetch RxDB's CouchDB replication uses for one database.
 * - A long-poll becomes short `feed=normal` requests: when nothing is new, it waits for the SSE signal
 *   (or a minute) and asks once more. So no tab ever holds a long-poll open.
 * - `_bulk_docs` answers are read for refused documents, which are kept as sent (refused-changes.ts) and reported to the user.
 * - Once its replication is stopped (sign-out), a waiting long-poll ends without asking the server again.
 * - Every answer is shown to `onAnswer` before RxDB reads it (the store's epoch, store-epoch.ts), which may throw.
 * - A live stream that failed calls `onStreamBack` at its first answer again, before RxDB reads anything of it: RxDB's
 *   stream asks `since=now` until it has had an answer, and again after each failure, so whatever the server wrote
 *   while it was away would lie behind its new start. The replication pulls again from its checkpoint there (`reSync`).
 */
export const syncFetch = (
  db: string,
  signals: () => ChangeSignals | null,
  isStopped: () => boolean = () => false,
  onAnswer: (answer: Response) => void = () => {},
  onStreamBack: () => void = () => {},
) => {
  let streamFailed = false;
  /** The stream's wait: failures mark it failed; its first answer after one says it is back. */
  const streamAsk = async (ask: () => Promise<Response>): Promise<{ answer: Response; body: ChangesAnswer }> => {
    try {
      const answer = await ask();
      const body = await changesOf(answer);
      if (streamFailed) {
        streamFailed = false;
        if (!isStopped()) onStreamBack();
      }
      return { answer, body };
    } catch (e) {
      streamFailed = true;
      throw e;
    }
  };
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const go = async (u: string) => {
      const answer = await fetch(u, { ...init, credentials: 'same-origin' });
      onAnswer(answer);
      return answer;
    };
    if (url.includes('feed=longpoll')) {
      let next = withParam(url, 'feed', 'normal');
      const before = signals()?.seen(db);
      const { answer: first, body } = await streamAsk(() => go(next));
      if (body.results?.length) return first;
      const waitFor = signals();
      await (waitFor ? waitFor.next(db, quietMs, before) : new Promise((r) => setTimeout(r, pollMs)));
      if (isStopped()) return jsonAnswer({ results: [], last_seq: body.last_seq ?? 0 });
      next = withParam(next, 'since', String(body.last_seq ?? 0));
      return (await streamAsk(() => go(next))).answer;
    }
    const answer = await go(url);
    if (url.includes('/_bulk_docs') && answer.ok) {
      const rows = (await answer.clone().json()) as unknown;
      if (Array.isArray(rows)) {
        const refused = (rows as { id: string; rejected?: boolean; reason?: string }[]).filter((r) => r.rejected).map((r) => ({ id: r.id, reason: r.reason ?? '' }));
        // What was typed is kept before RxDB takes the server's side and drops it from the device.
        const kept = keepRefused(db, init?.body, refused);
        refused.forEach((r) => {
          const change = kept.find((c) => c.id === r.id);
          const reopen = change && reopenPath(change);
          reportRejection({ db, ...r, ...(reopen ? { reopen } : {}) });
        });
      }
    }
    return answer;
  };
};
