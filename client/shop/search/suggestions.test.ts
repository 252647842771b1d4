import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggestions, searchDebounceMs, suggestionsCloseMs, suggestionsLimit, type Suggestion } from './suggestions';
import { productFinder, searchRequest } from './find-products';
import { findInCatalogue } from './catalog-search';
import { demoProducts } from '../../../server/seed/products';

const items = (n: number, prefix = 'p'): Suggestion[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, name: `${prefix} ${i}` }));

describe('search suggestions (spec §4 Search, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the spec constants', () => {
    expect([searchDebounceMs, suggestionsLimit, suggestionsCloseMs]).toEqual([750, 10, 750]);
  });

  it('fetches once after 750 ms of quiet and opens the list when results arrive', async () => {
    const find = vi.fn(async (q: string) => items(2, q));
    const s = createSuggestions(find);
    s.input('р');
    await vi.advanceTimersByTimeAsync(500);
    s.input('ро');
    await vi.advanceTimersByTimeAsync(500);
    s.input('роз');
    await vi.advanceTimersByTimeAsync(searchDebounceMs - 1);
    expect(find).not.toHaveBeenCalled();
    expect(s.state.open).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(find).toHaveBeenCalledTimes(1);
    expect(find).toHaveBeenCalledWith('роз');
    expect(s.state).toMatchObject({ open: true, items: items(2, 'роз') });
  });

  it('clears old suggestions on a new query and ignores a late answer to the old one', async () => {
    let answer!: (v: Suggestion[]) => void;
    const find = vi.fn((q: string) => (q === 'slow' ? new Promise<Suggestion[]>((r) => (answer = r)) : Promise.resolve(items(1, q))));
    const s = createSuggestions(find);
    s.input('fast');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(s.state.items).toHaveLength(1);
    s.input('slow');
    expect(s.state.items).toEqual([]);
    expect(s.state.open).toBe(false);
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    s.input('new');
    answer(items(5, 'slow'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.state.items).toEqual([]);
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(s.state.items).toEqual(items(1, 'new'));
  });

  it('does not search for an empty query, punctuation alone or a 1,000-character paste', async () => {
    const find = vi.fn(async () => items(1));
    const s = createSuggestions(find);
    for (const q of ['   ', '?!…', 'роза '.repeat(200)]) {
      s.input(q);
      await vi.advanceTimersByTimeAsync(searchDebounceMs * 2);
    }
    expect(find).not.toHaveBeenCalled();
    expect(s.state).toMatchObject({ items: [], open: false });
  });

  it('empties the suggestions silently on failure', async () => {
    const s = createSuggestions(async (q) => (q === 'bad' ? Promise.reject(new Error('down')) : items(3)));
    s.input('good');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(s.state.items).toHaveLength(3);
    s.input('bad');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(s.state).toMatchObject({ items: [], open: false });
    const throwing = createSuggestions(() => {
      throw new Error('sync');
    });
    throwing.input('x');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(throwing.state).toMatchObject({ items: [], open: false });
  });

  it('keeps at most 10 suggestions', async () => {
    const s = createSuggestions(async () => items(25));
    s.input('ро');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(s.state.items).toHaveLength(suggestionsLimit);
  });

  it('closes the list 750 ms after focus leaves, unless focus returns', async () => {
    const s = createSuggestions(async () => items(3));
    s.focus();
    s.input('ро');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    s.blur();
    await vi.advanceTimersByTimeAsync(suggestionsCloseMs - 1);
    expect(s.state.open).toBe(true);
    s.focus();
    await vi.advanceTimersByTimeAsync(suggestionsCloseMs * 2);
    expect(s.state.open).toBe(true);
    s.blur();
    await vi.advanceTimersByTimeAsync(suggestionsCloseMs);
    expect(s.state.open).toBe(false);
    s.focus();
    expect(s.state.open).toBe(true);
  });

  it('close() drops a pending search; clear() empties everything', async () => {
    const find = vi.fn(async () => items(3));
    const s = createSuggestions(find);
    s.input('ро');
    s.close();
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(find).not.toHaveBeenCalled();
    expect(s.state.open).toBe(false);
    s.input('ро');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    s.clear();
    expect(s.state).toEqual({ query: '', items: [], open: false, active: -1 });
  });

  it('moves the active option with the arrow keys, wrapping around', async () => {
    const s = createSuggestions(async () => items(3));
    s.input('ро');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    s.move(1);
    expect(s.state.active).toBe(0);
    s.move(-1);
    expect(s.state.active).toBe(2);
    s.move(1);
    expect(s.state.active).toBe(0);
    s.close();
    s.move(-1);
    expect(s.state).toMatchObject({ open: true, active: 2 });
  });

  it('notifies subscribers', async () => {
    const s = createSuggestions(async () => items(1));
    const seen: boolean[] = [];
    const off = s.subscribe((st) => seen.push(st.open));
    s.input('ро');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    off();
    s.close();
    expect(seen).toEqual([false, true]);
  });
});

describe('finding products', () => {
  it('asks the server for 10 items whose name includes the query', () => {
    expect(searchRequest('роза')).toEqual({ params: { skip: 0, limit: 10 }, query: { name: 'роза' } });
  });

  it('falls back to the device catalogue when offline or when the server fails', async () => {
    const local = vi.fn(async () => items(1, 'local'));
    const server = vi.fn(async () => items(1, 'server'));
    expect(await productFinder(local, server, () => true)('x')).toEqual(items(1, 'server'));
    expect(await productFinder(local, server, () => false)('x')).toEqual(items(1, 'local'));
    expect(server).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => Promise.reject(new Error('500')));
    expect(await productFinder(local, failing, () => true)('x')).toEqual(items(1, 'local'));
  });

  it('searches the local catalogue like the server: on sale, by name or article, first image, limit 10', () => {
    const provence = demoProducts.find((p) => p.name.includes('Прованс'))!;
    const found = findInCatalogue(demoProducts, 'прованс');
    expect(found[0]).toEqual({ id: provence.id, name: provence.name, image: provence.images[0]?.url });
    expect(findInCatalogue(demoProducts, provence.art).map((s) => s.id)).toContain(provence.id);
    // An empty query lists nothing (it used to list the first 10): the panel never asks for one anyway.
    expect(findInCatalogue(demoProducts, '')).toEqual([]);
    expect(findInCatalogue(demoProducts, 'роза')).toHaveLength(10);
    const hidden = demoProducts.filter((p) => !p.isActive || p.isHidden);
    for (const p of hidden) expect(findInCatalogue(demoProducts, p.name).map((s) => s.id)).not.toContain(p.id);
  });

  it('finds tulips for «тюльпаны» on the device, as the server does', () => {
    expect(findInCatalogue(demoProducts, 'тюльпаны').map((s) => s.name)).toContain('Монобукет из 25 тюльпанов');
  });
});
