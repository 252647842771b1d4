import { map } from 'rxjs';
import type { Page } from '../../../schema/page';
import { useLocal } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';
import { ErrorPage } from '../errors/error-page';

/** An info page from the device's copy of the pages store (works offline). */
export const ContentPage = ({ slug }: { slug: string }) => {
  const { data } = useLocal();
  const page = useObservable(() => data.shop.pages.findOne(slug).$.pipe(map((d) => (d ? (d.toJSON() as Page) : null))), undefined as Page | null | undefined, [data, slug]);
  if (page === undefined) return <p className="muted page">Загружаем…</p>;
  if (!page) return <ErrorPage status={404} message={`Page not found: /${slug}`} />;
  return (
    <article className="page content">
      <h1>{page.value.title}</h1>
      {page.value.description && <p className="lead">{page.value.description}</p>}
      {page.value.sections.map((s, i) => (
        <section key={i}>
          {s.heading && <h2>{s.heading}</h2>}
          <p>{s.text}</p>
        </section>
      ))}
    </article>
  );
};
