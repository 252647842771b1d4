import { Link } from '@tanstack/react-router';

interface ErrorPageProps {
  status: number;
  message: string;
  description?: string;
  /** Printed only in development builds. */
  raw?: unknown;
}

/** Spec §2: status code, message, optional description and a link home; the raw error only outside production. */
export const ErrorPage = ({ status, message, description, raw }: ErrorPageProps) => (
  <div className="page error-page">
    <p className="error-page__status">{status}</p>
    <h1>{message}</h1>
    {description && <p>{description}</p>}
    {import.meta.env.DEV && raw !== undefined && <pre className="error-page__raw">{raw instanceof Error ? raw.stack : JSON.stringify(raw, null, 2)}</pre>}
    <Link to="/" className="button">
      На главную
    </Link>
  </div>
);
