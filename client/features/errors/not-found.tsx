import { useRouterState } from '@tanstack/react-router';
import { ErrorPage } from './error-page';

/** Spec §8: an unmatched path gives a non-fatal 'Page not found: {path}'. */
export const NotFound = () => {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return <ErrorPage status={404} message={`Page not found: ${path}`} description="Такой страницы нет. Возможно, она переехала." />;
};
