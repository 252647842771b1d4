import type { MouseEvent, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { isExternal } from '../../schema/shop/navigation';

/**
 * A link an admin set (the menu, the footer's columns): a path of the shop is followed by the router, as a `Link`
 * would (a plain click; with a modifier key or another button the browser opens it as usual), another site opens in
 * a new tab. A plain `<a href>` underneath, so the server's HTML and bots have the same link.
 */
export const ShopLink = ({ href, className, children }: { href: string; className?: string; children: ReactNode }) => {
  const router = useRouter();
  if (isExternal(href))
    return (
      <a href={href} className={className} target="_blank" rel="noreferrer">
        {children}
      </a>
    );
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={className} onClick={follow}>
      {children}
    </a>
  );
};
