import { useMemo } from 'react';
import { map } from 'rxjs';
import { levelOf, reaches } from '../../../schema/user';
import { today } from '../../../schema/day';
import { eventTypes, type ShopEvent } from '../../../schema/event';
import { formatRoubles } from '../../../schema/money';
import { api } from '../../lib/api';
import { useObservable } from '../../lib/use-observable';
import { useLocal } from '../../data/local-data-context';
import { useDataSource } from '../../data/data-source';
import { useSession } from '../auth/session';
import { adminSections } from './admin-sections';

interface CatalogAnswer {
  data: { categories: { id: string; label: string; count: number }[] };
}

const TodayEvents = () => {
  const { data } = useLocal();
  const today$ = useMemo(() => data.shop.events.find({ selector: { day: today() } }).$.pipe(map((d) => d.map((x) => x.toJSON() as ShopEvent))), [data]);
  const events = useObservable(today$, [] as ShopEvent[]);
  if (!events.length) return <p className="muted">Сегодня событий нет.</p>;
  return (
    <ul className="events">
      {events.map((e) => (
        <li key={e.id}>
          <span className="tag">{eventTypes.find((t) => t.id === e.type)?.label}</span> {e.title} {e.sum > 0 && <strong>{formatRoubles(e.sum)}</strong>}
        </li>
      ))}
    </ul>
  );
};

/** /admin: today's calendar (from the device, works offline), the catalogue at a glance and the sections of the back-office. */
export const DashboardPage = () => {
  const { user } = useSession();
  const { data } = useLocal();
  const catalog = useDataSource(data.dataSources.cache, { url: '/api/items/catalog' }, () => api<CatalogAnswer>('/api/items/catalog', {}));
  const level = levelOf(user);
  return (
    <div className="page admin">
      <h1>Рабочий стол</h1>
      <p>Здравствуйте{user?.name ? `, ${user.name}` : ''}!</p>
      <section aria-labelledby="today">
        <h2 id="today">Сегодня, {new Date().toLocaleDateString('ru-RU', { day: 'numeric', month: 'long' })}</h2>
        <TodayEvents />
      </section>
      <section aria-labelledby="catalog">
        <h2 id="catalog">Каталог</h2>
        {catalog.error && !catalog.data && <p className="field-error">Нет связи с сервером — данные появятся, когда она вернётся.</p>}
        <ul className="stats">
          {catalog.data?.data.categories.map((c) => (
            <li key={c.id}>
              {c.label}: <strong>{c.count}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sections">
        <h2 id="sections">Разделы</h2>
        <ul className="sections">
          {adminSections
            .filter(([, , need]) => reaches(level, need))
            .map(([id, label]) => (
              <li key={id}>{label}</li>
            ))}
        </ul>
      </section>
    </div>
  );
};
