import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { barCategories } from '../../../schema/shop/catalog-setup';
import { useCatalogSetup } from '../../data/storefront';
import { notFoundTitle } from '../../../schema/shared/title';
import { usePageTitle } from '../../ui/page-title';
import { useTypedBeforeHydration } from '../../ui/typed-before-hydration';
import { analytics } from '../analytics/analytics';

/** Spec §2: search-engine and link-preview bots are not shown the error page. */
const isBot = () => typeof navigator !== 'undefined' && /bot|crawl|spider|slurp|preview|facebookexternalhit|vkshare|telegram/i.test(navigator.userAgent);

interface ErrorPageProps {
  status: number;
  message: string;
  description?: string;
  /** Printed only in development builds. */
  raw?: unknown;
  /** A way on besides 'На главную' (sign in, try again). */
  children?: ReactNode;
  /** Below the actions: where else to go. */
  after?: ReactNode;
}

/** Spec §2: status code, message, optional description and a link home; the raw error only outside production. */
export const ErrorPage = ({ status, message, description, raw, children, after }: ErrorPageProps) => {
  useEffect(() => {
    if (status === 404) analytics.notFound(location.pathname);
  }, [status]);
  usePageTitle(status === 404 ? notFoundTitle : message, status === 404);
  if (isBot()) return null;
  return (
    <div className="page error-page">
      <p className="error-page__status">{status}</p>
      <h1>{message}</h1>
      {description && <p>{description}</p>}
      {import.meta.env.DEV && raw !== undefined && <pre className="error-page__raw">{raw instanceof Error ? raw.stack : JSON.stringify(raw, null, 2)}</pre>}
      <p className="error-page__actions">
        {children}
        <Link to="/" className="button">
          На главную
        </Link>
      </p>
      {after}
    </div>
  );
};

/** A search box that goes to /search, and the categories: the ways on from an address that leads nowhere. */
const WaysOn = () => {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, q, setQ);
  const setup = useCatalogSetup();
  return (
    <div className="error-page__ways">
      <form
        role="search"
        className="error-page__search"
        action="/search"
        onSubmit={(e) => {
          e.preventDefault();
          if (q.trim()) void navigate({ to: '/search', search: { q: q.trim() } });
        }}
      >
        <label htmlFor={id}>Найти в каталоге</label>
        <input id={id} ref={field} name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Букет, цветок или артикул" />
        <button type="submit" className="button">Найти</button>
      </form>
      <nav aria-label="Категории каталога" className="chips error-page__categories">
        {barCategories(setup).map((c) => (
          <Link key={c.id} to="/items/$id" params={{ id: c.id }} className="chip">
            {c.label}
          </Link>
        ))}
      </nav>
    </div>
  );
};

/**
 * Spec §8: an unmatched path gives a non-fatal 'Page not found: {path}' — with a Russian explanation, a search and
 * the categories, so a shopper from an old link or a typo is not left at a dead end. The server answers such an
 * address 404 (server/seo/known-address.ts).
 */
export const NotFoundPage = ({ path, description }: { path: string; description?: string }) => (
  <ErrorPage
    status={404}
    message={`Page not found: ${path}`}
    description={description ?? 'Такой страницы нет: возможно, в адресе опечатка или страница переехала. Поищите нужный букет или загляните в каталог.'}
    after={<WaysOn />}
  />
);

/** The router's own: an address no route matches. */
export const NotFound = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <NotFoundPage path={path} />;
};
