// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { LocalData } from '../../data/database';
import { renderHook } from '../../lib/render-hook';
import { useSuggestions } from './use-suggestions';

describe('the header search while the device store opens', () => {
  it('keeps what the shopper typed when the store opens', async () => {
    const asked: string[] = [];
    const server = async (q: string) => (asked.push(q), []);
    const { result, rerender, unmount } = await renderHook((p: { data?: LocalData }) => useSuggestions(p.data, server), {});
    const before = result.current!;
    before.input('Мишка');
    // The store opened (its first keystroke asked for it): the panel renders again with the device's data.
    await rerender({ data: {} as LocalData });
    expect(result.current).toBe(before);
    expect(result.current!.state.query).toBe('Мишка');
    await unmount();
  });
});
