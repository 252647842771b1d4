// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderHook } from './render-hook';
import { useOnline } from './use-online';

describe('useOnline', () => {
  it('follows the browser going offline and back', async () => {
    let onLine = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
    const { result, settle, unmount } = await renderHook(() => useOnline(), {});
    expect(result.current).toBe(true);
    await settle(() => {
      onLine = false;
      dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);
    await settle(() => {
      onLine = true;
      dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(true);
    await unmount();
  });
});
