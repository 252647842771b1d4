/** Spec §2 and §9: to a hash target smoothly with an 80 px offset, focus it after 500 ms; otherwise scroll after 350 ms. */
const scrolling = { offset: 80, focusAfterMs: 500, delayMs: 350 } as const;

export const scrollAfterNavigation = (hash: string) => {
  const target = hash ? document.getElementById(decodeURIComponent(hash.replace(/^#/, ''))) : null;
  if (target) {
    scrollTo({ top: target.getBoundingClientRect().top + scrollY - scrolling.offset, behavior: 'smooth' });
    setTimeout(() => {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }, scrolling.focusAfterMs);
    return;
  }
  setTimeout(() => scrollTo({ top: 0 }), scrolling.delayMs);
};
