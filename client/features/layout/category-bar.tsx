import { Link, useRouterState } from '@tanstack/react-router';
import { categories } from '../../../schema/category';

/** Spec §2: shown on /items and on any path containing /items/. */
export const showsCategoryBar = (path: string) => path === '/items' || path.includes('/items/');

export const CategoryBar = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  if (!showsCategoryBar(path)) return null;
  return (
    <nav className="category-bar" aria-label="Категории">
      {categories.map((c) => (
        <Link key={c.id} to="/items/$id" params={{ id: c.id }} activeProps={{ 'aria-current': 'page' }}>
          {c.label}
        </Link>
      ))}
    </nav>
  );
};
