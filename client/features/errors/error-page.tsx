import { useEffect, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
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
}

/** Spec §2: status code, message, optional description and a link home; the raw error only outside production. */
export const ErrorPage = ({ status, message, description, raw, children }: ErrorPageProps) => {
  useEffect(() => {
    if (status === 404) analytics.notFound(location.pathname);
  }, [status]);
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
    </div>
  );
};

/** Spec §8: an unmatched path gives a non-fatal 'Page not found: {path}'. */
export const NotFound = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <ErrorPage status={404} message={`Page not found: ${path}`} description="Такой страницы нет. Возможно, она переехала." />;
};
