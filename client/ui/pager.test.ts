// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Pager, type PagerProps } from './pager';

const draw = async (props: Omit<PagerProps, 'go'>) => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const asked: (number | undefined)[] = [];
  const host = document.createElement('div');
  await act(async () => createRoot(host).render(createElement(Pager, { ...props, go: (p) => asked.push(p) })));
  const [back, next] = [...host.querySelectorAll('button')];
  return { host, back: back!, next: next!, asked };
};

describe('Pager', () => {
  it('says where the list stands; the first page is asked as none, so its address stays without `page`', async () => {
    const middle = await draw({ page: 2, pages: 3, total: 45 });
    expect(middle.host.textContent).toContain('Страница 2 из 3 · всего 45');
    await act(async () => (middle.back.click(), middle.next.click()));
    expect(middle.asked).toEqual([undefined, 3]);
  });

  it('offers no way back from the first page nor on from the last; one past the end is said as the last', async () => {
    const first = await draw({ page: 1, pages: 3, total: 45 });
    expect([first.back.disabled, first.next.disabled]).toEqual([true, false]);
    const past = await draw({ page: 5, pages: 3, total: 45 });
    expect([past.back.disabled, past.next.disabled, past.host.textContent]).toEqual([false, true, 'НазадСтраница 3 из 3 · всего 45Вперёд']);
  });
});
