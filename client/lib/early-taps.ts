/**
 * A server-drawn page shows its buttons before React has taken them over (the entry's evaluation, the router's first
 * load, hydration): a tap on «В корзину» or «Показать ещё» in that moment had no handler and was lost, and on a slow
 * phone the shopper waited for a cart that never filled. Taps on buttons inside `root` are held from the entry's
 * first line and given again, each button once, when `release` is called (hydration committed); a button gone or
 * disabled by then is not pressed. Links are left alone: the browser follows them without us.
 *
 * When hydration fails on a first draw unlike the server's, React draws the page again with new elements: the
 * button tapped is then gone, and its place is taken by the one at the same position among the page's buttons with
 * the same text (the same wish, drawn anew). A button that moved or changed its words is not guessed at.
 */
export const holdEarlyTaps = (root: HTMLElement): (() => void) => {
  const held: { button: HTMLButtonElement; at: number; text: string }[] = [];
  const hold = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || !root.contains(button) || button.disabled) return;
    // A submit button would send its form the browser's way, without the page's checks.
    e.preventDefault();
    e.stopPropagation();
    if (!held.some((h) => h.button === button)) held.push({ button, at: [...root.querySelectorAll('button')].indexOf(button), text: button.textContent ?? '' });
  };
  document.addEventListener('click', hold, true);
  return () => {
    document.removeEventListener('click', hold, true);
    for (const { button, at, text } of held) {
      const now = button.isConnected ? button : root.querySelectorAll('button')[at];
      if (now && now.textContent === text && !now.disabled) now.click();
    }
  };
};
