import { Link, useRouterState } from '@tanstack/react-router';
import { barCategories } from '../../schema/shop/catalog-setup';
import { useCatalogSetup } from '../data/storefront';

/** Spec §2: shown on /items and on any path containing /items/. */
const showsCategoryBar = (path: string) => path === '/items' || path.includes('/items/');

/** The categories staff put on the bar, in their order and names (/admin/catalog). */
export const CategoryBar = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const setup = useCatalogSetup();
  if (!showsCategoryBar(path)) return null;
  return (
    <nav className="category-bar" aria-label="Категории">
      {barCategories(setup).map((c) => (
        <Link key={c.id} to="/items/$id" params={{ id: c.id }} activeProps={{ 'aria-current': 'page' }}>
          {c.label}
        </Link>
      ))}
    </nav>
  );
};
