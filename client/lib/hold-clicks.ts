/**
 * Holds the clicks made on a server-drawn page while React is still hydrating it, and makes them again once it has:
 * hydrating in a transition (client/main.tsx), React dropped a click on a part it had not reached yet (in Chromium
 * at a slowed CPU, a footer link's default was prevented and nothing happened). Hydrated in one task, as before, the
 * browser held the click until the task ended; this keeps that behaviour.
 */
export const holdClicksUntil = (done: Promise<void>) => {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof Element)) return;
    const target = event.target.closest('a, button, input, label, select, summary, [role="button"]') ?? event.target;
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
  };
  addEventListener('click', hold, true);
  void done.then(() => {
    removeEventListener('click', hold, true);
    for (const target of held) if (target.isConnected) target.click();
  });
};
