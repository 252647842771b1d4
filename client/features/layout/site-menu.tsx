import { useNavigation } from '../../data/storefront';
import { ShopLink } from '../../ui/shop-link';

/** The site's menu under the header's row, as an admin arranged it (/admin/navigation); none until one is saved. */
export const SiteMenu = () => {
  const { menu } = useNavigation();
  if (!menu.length) return null;
  return (
    <nav className="site-menu" aria-label="Меню сайта">
      <ul className="site-menu__list">
        {menu.map((item, i) => (
          <li key={i} className="site-menu__item">
            <ShopLink href={item.href}>{item.label}</ShopLink>
            {item.children.length > 0 && (
              <ul className="site-menu__sub">
                {item.children.map((c, j) => (
                  <li key={j}>
                    <ShopLink href={c.href}>{c.label}</ShopLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
