import { useEffect } from 'react';
import { shopTitle, titleOf } from '../../schema/shared/title';

/**
 * The tab's title follows the screen on show: each screen claims its title while it is mounted (the innermost,
 * mounted last, wins); with no claim the title is the one the router set for the address.
 */
const claims: { title: string }[] = [];
let fallback = shopTitle;

const apply = () => {
  if (typeof document !== 'undefined') document.title = claims.at(-1)?.title ?? fallback;
};

/** The title for an address whose screen claims none (the router sets it on every navigation). */
export const setFallbackTitle = (title: string) => {
  fallback = title;
  apply();
};

/**
 * `name` is the screen's own name ('Монобукеты' becomes 'Монобукеты — Цветочная мастерская'); `exact` takes it as
 * the whole title. `undefined` while the screen is still loading what it is about: the title stays as it was.
 */
export const usePageTitle = (name: string | undefined, exact = false) => {
  const title = name === undefined ? undefined : exact ? name : titleOf(name);
  useEffect(() => {
    if (title === undefined) return;
    const claim = { title };
    claims.push(claim);
    apply();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      apply();
    };
  }, [title]);
};
