import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { eventTypes, mayChangeEvent, type ShopEvent } from '../../../../schema/studio/orders/event';
import { formatRoubles } from '../../../../schema/shared/money';
import { deleteEvent } from '../../../data/calendar';
import { useLocal } from '../../../data/local-data-context';
import { FilterSelect } from '../../../ui/filter-select';
import { useSession } from '../../../shared/auth/session';
import { monthNames, shownMonth, stepMonth } from './month-grid';
import type { EventsListSearch } from './events-search';
import { useMonth } from './use-month';
import './calendar.css';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', weekday: 'short', timeZone: 'UTC' });

/** /admin/events/list: every event of a month, filtered by type and source; edit and delete what the user may change. */
export const EventsListPage = () => {
  const search = useSearch({ from: '/admin/events/list' });
  const navigate = useNavigate({ from: '/admin/events/list' });
  const set = (patch: Partial<EventsListSearch>) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true });
  const shown = shownMonth(search);
  const { shown: loaded, error } = useMonth(shown);
  const { data } = useLocal();
  const { user } = useSession();
  const [problem, setProblem] = useState<string>();
  const all = useMemo(() => loaded?.events ?? [], [loaded]);
  const sources = useMemo(() => [...new Set(all.map((e) => e.source))].sort().map((s) => ({ id: s, label: s })), [all]);
  const rows = all.filter((e) => (!search.type || e.type === search.type) && (!search.source || e.source === search.source));
  const remove = async (e: ShopEvent) => {
    if (!confirm(`Удалить событие «${e.title}»?`)) return;
    setProblem(undefined);
    await deleteEvent(data.shop.events, e.id).catch((err: Error) => setProblem(err.message));
  };

  return (
    <section className="record-list events-list" aria-labelledby="events-list-title">
      <div className="record-list__head">
        <h1 id="events-list-title">События</h1>
        <Link to="/admin/events" className="button">
          Новое событие
        </Link>
      </div>
      <div className="record-list__tools">
        <nav className="calendar__months" aria-label="Месяцы">
          <button type="button" className="button button--ghost" aria-label="Предыдущий месяц" onClick={() => set(stepMonth(shown, -1))}>
            ‹
          </button>
          <strong>
            {monthNames[shown.month - 1]} {shown.year}
          </strong>
          <button type="button" className="button button--ghost" aria-label="Следующий месяц" onClick={() => set(stepMonth(shown, 1))}>
            ›
          </button>
        </nav>
        <FilterSelect label="Тип" value={search.type} options={eventTypes} onChange={(v) => set({ type: eventTypes.find((t) => t.id === v)?.id })} />
        <FilterSelect label="Источник" value={search.source} options={sources} onChange={(v) => set({ source: v })} />
        <Link to="/admin/calendar" search={shown}>
          В календаре
        </Link>
      </div>
      {loaded?.from === 'device' && <p className="muted">Нет связи с сервером: показаны события, сохранённые на этом устройстве.</p>}
      {(error ?? problem) && <p role="alert">{error ?? problem}</p>}
      {!loaded ? (
        <p className="muted">Загрузка…</p>
      ) : rows.length === 0 ? (
        <p className="muted">Событий нет.</p>
      ) : (
        <div className="record-list__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">День</th>
                <th scope="col">Тип</th>
                <th scope="col">Название</th>
                <th scope="col">Сумма</th>
                <th scope="col">Источник</th>
                <th scope="col">
                  Действия
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id} className={`event--${e.type}`}>
                  <td>{dayFormat.format(new Date(`${e.day}T00:00:00Z`))}</td>
                  <td>{eventTypes.find((t) => t.id === e.type)?.label}</td>
                  <td>{e.title}</td>
                  <td>{formatRoubles(e.sum)}</td>
                  <td>{e.source}</td>
                  <td>
                    {user && mayChangeEvent(user, e) && (
                      <>
                        <Link to="/admin/events" search={{ id: e.id }}>
                          Изменить
                        </Link>{' '}
                        <button type="button" className="link-button" onClick={() => void remove(e)}>
                          Удалить
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
