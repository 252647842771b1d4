import { act, createElement, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders a hook in a real React root (tests run it under happy-dom) and answers what it returned last.
 * `rerender` gives the hook new props, as a parent's render would.
 */
export const renderHook = async <P, R>(hook: (props: P) => R, props: P) => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const result: { current: R | undefined } = { current: undefined };
  const Probe = (p: { props: P }): ReactElement | null => {
    result.current = hook(p.props);
    return null;
  };
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(createElement(Probe, { props })));
  return {
    result,
    rerender: (next: P) => act(async () => root.render(createElement(Probe, { props: next }))),
    /** Lets pending promises and effects run, inside act. */
    settle: (work: () => unknown = () => undefined) => act(async () => void (await work())),
    unmount: () => act(async () => root.unmount()),
  };
};
