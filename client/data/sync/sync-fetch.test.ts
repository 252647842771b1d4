import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeSignals } from './change-signals';
import { rejections$, type Rejection } from './rejections';
import { syncFetch } from './sync-fetch';

const base = 'http://shop.test/db/catalog/';
const longpoll = `${base}_changes?style=all_docs&feed=longpoll&since=now&include_docs=true&heartbeat=60000&limit=20`;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Signals the test fires by hand, counting changes the way the SSE stream does. */
const handSignals = () => {
  const waiting = new Set<() => void>();
  let seen = 0;
  const signals: ChangeSignals & { fire(): void; waiting(): number } = {
    seen: () => seen,
    next: (_db, _ms, after) =>
      after !== undefined && seen > after ? Promise.resolve() : new Promise<void>((resolve) => waiting.add(resolve)),
    nudge: () => signals.fire(),
    close: () => signals.fire(),
    fire() {
      seen++;
      waiting.forEach((w) => w());
      waiting.clear();
    },
    waiting: () => waiting.size,
  };
  return signals;
};

/** A fake server: answers in order, and records what was asked. */
const server = (...answers: (() => Response)[]) => {
  const asked: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    asked.push(String(input));
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${String(input)}`);
    return next();
  });
  vi.stubGlobal('fetch', fetchImpl);
  return asked;
};

describe('syncFetch: one SSE stream instead of a long-poll per collection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns a long-poll into a short feed=normal request and answers at once when there is news', async () => {
    const asked = server(() => json({ results: [{ seq: 5, doc: { _id: 'p-001' } }], last_seq: 5 }));
    const answer = await syncFetch('catalog', () => handSignals())(longpoll);
    expect((await answer.json()).results).toHaveLength(1);
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]).searchParams.get('feed')).toBe('normal');
  });

  it('when nothing is new, waits for the stream’s signal, then asks again from the last sequence', async () => {
    const signals = handSignals();
    const asked = server(
      () => json({ results: [], last_seq: 7 }),
      () => json({ results: [{ seq: 8, doc: { _id: 'p-002' } }], last_seq: 8 }),
    );
    const pending = syncFetch('catalog', () => signals)(longpoll);
    await vi.waitFor(() => expect(signals.waiting()).toBe(1));
    expect(asked).toHaveLength(1);
    signals.fire();
    const body = await (await pending).json();
    expect(body.last_seq).toBe(8);
    expect(new URL(asked[1]).searchParams.get('since')).toBe('7');
    expect(new URL(asked[1]).searchParams.get('feed')).toBe('normal');
  });

  it('does not miss a change signalled while the short request was on its way', async () => {
    const signals = handSignals();
    const asked = server(
      () => {
        signals.fire(); // the server changed between answering and the wait
        return json({ results: [], last_seq: 3 });
      },
      () => json({ results: [{ seq: 4, doc: { _id: 'p-003' } }], last_seq: 4 }),
    );
    const body = await (await syncFetch('catalog', () => signals)(longpoll)).json();
    expect(body.last_seq).toBe(4);
    expect(asked).toHaveLength(2);
  });

  it('turns a refused answer into an error RxDB catches, instead of a body without results', async () => {
    server(() => json({ error: 'unauthorized', reason: 'Войдите по номеру телефона' }, 401));
    await expect(syncFetch('events', () => handSignals())(longpoll.replace('catalog', 'events'))).rejects.toThrow('401');
  });

  it('asks nothing more once its replication is stopped', async () => {
    const signals = handSignals();
    let stopped = false;
    const asked = server(() => json({ results: [], last_seq: 9 }));
    const pending = syncFetch('events', () => signals, () => stopped)(longpoll);
    await vi.waitFor(() => expect(signals.waiting()).toBe(1));
    stopped = true;
    signals.close();
    expect(await (await pending).json()).toEqual({ results: [], last_seq: 9 });
    expect(asked).toHaveLength(1);
  });

  it('reports documents the server refused on push', async () => {
    const seen: Rejection[] = [];
    const sub = rejections$.subscribe((r) => seen.push(r));
    server(() => json([{ ok: true, id: 'a', rev: '1-x' }, { id: 'b', error: 'conflict', reason: 'Недостаточно прав для изменения этих данных', rejected: true }], 201));
    const answer = await syncFetch('events', () => null)(`${base}_bulk_docs?`, { method: 'POST', body: '{"docs":[]}' });
    expect(await answer.json()).toHaveLength(2);
    expect(seen).toEqual([{ db: 'events', id: 'b', reason: 'Недостаточно прав для изменения этих данных' }]);
    sub.unsubscribe();
  });
});
