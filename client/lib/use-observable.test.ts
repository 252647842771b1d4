// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { BehaviorSubject, Subject } from 'rxjs';
import { useObservable } from './use-observable';
import { renderHook } from './render-hook';

describe('useObservable', () => {
  it('shows the initial value, not the previous record, until the new source answers', async () => {
    const first = new BehaviorSubject('Букет «Утро»');
    const second = new Subject<string>();
    const hook = await renderHook(({ source }) => useObservable(source, 'загружаем'), { source: first as Subject<string> });
    expect(hook.result.current).toBe('Букет «Утро»');
    await hook.rerender({ source: second });
    expect(hook.result.current).toBe('загружаем');
    await hook.settle(() => second.next('Букет «Вечер»'));
    expect(hook.result.current).toBe('Букет «Вечер»');
    // The old source is no longer listened to.
    await hook.settle(() => first.next('Букет «Утро», изменён'));
    expect(hook.result.current).toBe('Букет «Вечер»');
    await hook.unmount();
  });
});
