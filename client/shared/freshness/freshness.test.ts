// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/memory-storage';
import { afterChunkFailure, isStale, reloadOnce, reloadGuardMs, reloadWhenServerAnswers, serverAnswers, serverAwayNotice, serverAwayText } from './freshness';

describe('build freshness', () => {
  it('reloads once, and not again within 10 s', () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadOnce(storage, () => reloads++, 1_000_000)).toBe(true);
    expect(reloadOnce(storage, () => reloads++, 1_000_000 + reloadGuardMs - 1)).toBe(false);
    expect(reloadOnce(storage, () => reloads++, 1_000_000 + reloadGuardMs + 1)).toBe(true);
    expect(reloads).toBe(2);
  });

  it('reloads for a part that failed to load only when the server answers; offline or out of reach the page in hand is kept', async () => {
    let reloads = 0;
    const reload = () => ++reloads > 0;
    let asked = 0;
    const answers = (yes: boolean) => async () => (asked++, yes);
    expect(await afterChunkFailure(false, answers(true), reload)).toBe('away');
    expect([reloads, asked]).toEqual([0, 0]);
    // `navigator.onLine` is true, but the shop's server does not answer: no reload into the browser's error page.
    expect(await afterChunkFailure(true, answers(false), reload)).toBe('away');
    expect([reloads, asked]).toEqual([0, 1]);
    expect(await afterChunkFailure(true, answers(true), reload)).toBe('reloaded');
    expect(reloads).toBe(1);
    // Reloaded a moment ago: the failure is the router's to show, nothing more.
    expect(await afterChunkFailure(true, answers(true), () => false)).toBe('kept');
  });

  it('asks the server with a HEAD that no cache answers, and takes no answer, a timeout or a 5xx for «away»', async () => {
    const seen: RequestInit[] = [];
    const fetchAs = (status: number) => async (signal: AbortSignal) => (seen.push({ signal }), new Response(null, { status }));
    expect(await serverAnswers(fetchAs(200))).toBe(true);
    expect(await serverAnswers(fetchAs(404))).toBe(true);
    expect(await serverAnswers(fetchAs(502))).toBe(false);
    expect(await serverAnswers(async () => Promise.reject(new TypeError('Failed to fetch')))).toBe(false);
    // A request that never answers is given up after the timeout.
    expect(await serverAnswers((signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))), 10)).toBe(false);
    expect(seen).toHaveLength(3);
  });

  it('while the server is away the shop says so, asks again when the browser is back online and on a timer, and reloads once it answers', async () => {
    vi.useFakeTimers();
    try {
      const events = new EventTarget();
      const shown: string[] = [];
      const notice = { show: () => shown.push('show'), hide: () => shown.push('hide') };
      let back = false;
      let asked = 0;
      let reloads = 0;
      const stop = reloadWhenServerAnswers(async () => (asked++, back), notice, events, () => ++reloads > 0, 1_000);
      expect(shown).toEqual(['show']);
      events.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect([asked, reloads]).toEqual([1, 0]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect([asked, reloads]).toEqual([2, 0]);
      back = true;
      events.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect([asked, reloads, shown]).toEqual([3, 1, ['show', 'hide']]);
      // Done: no more asking.
      await vi.advanceTimersByTimeAsync(5_000);
      events.dispatchEvent(new Event('online'));
      expect(asked).toBe(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the notice is the shop’s own words, once on the page however often it is shown', () => {
    const notice = serverAwayNotice();
    notice.show();
    notice.show();
    const shown = document.querySelectorAll('[data-testid="server-away"]');
    expect([...shown].map((n) => [n.textContent, n.getAttribute('role')])).toEqual([[serverAwayText, 'status']]);
    notice.hide();
    expect(document.querySelector('[data-testid="server-away"]')).toBeNull();
  });

  it('calls a page stale when the marker names another build or is gone, not when offline', async () => {
    const marker = (build: string) => async () => new Response(JSON.stringify({ build }));
    expect(await isStale('a', marker('a'))).toBe(false);
    expect(await isStale('a', marker('b'))).toBe(true);
    expect(await isStale('a', async () => new Response('', { status: 404 }))).toBe(true);
    expect(await isStale('a', async () => Promise.reject(new TypeError('offline')))).toBe(false);
  });
});
