/**
 * A server-drawn page shows its buttons before React has taken them over (the entry's evaluation, the router's first
 * load, hydration): a tap on «В корзину» or «Показать ещё» in that moment had no handler and was lost, and on a slow
 * phone the shopper waited for a cart that never filled. Taps on buttons inside `root` are held from the entry's
 * first line and given again, each button once, when `release` is called (hydration committed); a button gone or
 * disabled by then is not pressed. Links are left alone: the browser follows them without us.
 */
export const holdEarlyTaps = (root: HTMLElement): (() => void) => {
  const held: HTMLButtonElement[] = [];
  const hold = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || !root.contains(button) || button.disabled) return;
    // A submit button would send its form the browser's way, without the page's checks.
    e.preventDefault();
    e.stopPropagation();
    if (!held.includes(button)) held.push(button);
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected && !button.disabled) button.click();
  };
};
