import { useState, type MouseEvent } from 'react';
import { useNavigation } from '../data/storefront';
import { ShopLink } from '../ui/shop-link';

/**
 * The site's menu under the header's row, as an admin arranged it (/admin/navigation); none until one is saved. A
 * point's subpoints open on hover and keyboard focus, and by its ▾ button on a phone, where nothing hovers.
 */
export const SiteMenu = () => {
  const { menu } = useNavigation();
  const [open, setOpen] = useState(-1);
  if (!menu.length) return null;
  // A followed link closes its submenu (the focus it keeps would hold it open over the next page).
  const followed = (e: MouseEvent) => {
    if (!(e.target instanceof HTMLAnchorElement)) return;
    setOpen(-1);
    e.target.blur();
  };
  return (
    <nav className="site-menu" aria-label="Меню сайта" onClick={followed}>
      <ul className="site-menu__list">
        {menu.map((item, i) => (
          <li key={i} className={open === i ? 'site-menu__item site-menu__item--open' : 'site-menu__item'}>
            <ShopLink href={item.href}>{item.label}</ShopLink>
            {item.children.length > 0 && (
              <>
                <button type="button" className="site-menu__toggle" aria-expanded={open === i} aria-label={`Подпункты: ${item.label}`} onClick={() => setOpen(open === i ? -1 : i)}>
                  ▾
                </button>
                <ul className="site-menu__sub">
                  {item.children.map((c, j) => (
                    <li key={j}>
                      <ShopLink href={c.href}>{c.label}</ShopLink>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
