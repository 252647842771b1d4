import { useMemo } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { eventTypes, eventTypeLabel } from '../../../../schema/studio/orders/event';
import { formatRoubles } from '../../../../schema/shared/money';
import { today } from '../../../../schema/shared/day';
import { EventLine } from './event-chip';
import { groupByDay, monthNames, monthWeeks, shownMonth, stepMonth, weekdayNames } from './month-grid';
import { useMonth } from './use-month';
import './calendar.css';

const dayTitle = new Intl.DateTimeFormat('ru-RU', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const showDay = (d: string) => dayTitle.format(new Date(`${d}T00:00:00Z`));

/**
 * /admin/calendar (spec §2: «events for a month and year, grouped by day»): a month grid, Monday first, each day with
 * its events' colours by type, a count and a sum; month, year and the day opened live in the address. Orders by
 * delivery day, counter sales, studio events, work days and birthdays come from the `events` store; supplies, write-offs
 * and shift closes are made from the books the device holds (schema/studio/orders/fact-events.ts). The legend filters by type.
 */
export const CalendarPage = () => {
  const search = useSearch({ from: '/admin/calendar' });
  const shown = shownMonth(search);
  const { month, year } = shown;
  const { shown: loaded, error } = useMonth(shown);
  const { type } = search;
  const days = useMemo(() => groupByDay((loaded?.events ?? []).filter((e) => !type || e.type === type)), [loaded, type]);
  const weeks = useMemo(() => monthWeeks({ month, year }), [month, year]);
  // The type filter stays as the month changes or a day opens.
  const prev = { ...stepMonth(shown, -1), type };
  const next = { ...stepMonth(shown, 1), type };
  const todayKey = today();
  const opened = search.day?.startsWith(`${year}-${String(month).padStart(2, '0')}-`) ? search.day : undefined;
  const openedDay = opened ? days.get(opened) : undefined;
  const title = `${monthNames[month - 1]} ${year}`;

  return (
    <section className="calendar" aria-labelledby="calendar-title">
      <div className="calendar__head">
        <h1 id="calendar-title">Календарь</h1>
        <nav className="calendar__months" aria-label="Месяцы">
          <Link to="/admin/calendar" search={prev} className="button button--ghost" aria-label={`Предыдущий месяц: ${monthNames[prev.month - 1]} ${prev.year}`}>
            ‹
          </Link>
          <strong aria-live="polite">{title}</strong>
          <Link to="/admin/calendar" search={next} className="button button--ghost" aria-label={`Следующий месяц: ${monthNames[next.month - 1]} ${next.year}`}>
            ›
          </Link>
        </nav>
        <Link to="/admin/events/list" search={{ month, year }}>
          Список событий
        </Link>
      </div>
      {loaded?.from === 'device' && <p className="muted">Нет связи с сервером: показаны события, сохранённые на этом устройстве.</p>}
      {error && <p role="alert">{error}</p>}
      <ul className="calendar__legend" aria-label="Показать события типа">
        <li>
          <Link to="/admin/calendar" search={{ ...search, type: undefined }} aria-current={!type ? 'true' : undefined}>
            Все
          </Link>
        </li>
        {eventTypes.map((t) => (
          <li key={t.id} className={`event--${t.id}`}>
            <Link to="/admin/calendar" search={{ ...search, type: type === t.id ? undefined : t.id }} aria-current={type === t.id ? 'true' : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
      <table className="calendar__grid" aria-label={title} aria-busy={!loaded}>
        <thead>
          <tr>
            {weekdayNames.map((w) => (
              <th key={w} scope="col">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((d, i) => {
                if (!d) return <td key={`empty-${i}`} className="calendar__day calendar__day--out" />;
                const summary = days.get(d);
                const label = `${showDay(d)}: ${summary ? `${summary.count} ${summary.types.map(eventTypeLabel).join(', ')}, ${formatRoubles(summary.sum)}` : 'событий нет'}`;
                return (
                  <td key={d} className={`calendar__day${d === todayKey ? ' calendar__day--today' : ''}${d === opened ? ' calendar__day--open' : ''}`} data-day={d}>
                    <Link to="/admin/calendar" search={{ month, year, day: d, type }} aria-label={label} aria-current={d === opened ? 'date' : undefined}>
                      <span className="calendar__number">{Number(d.slice(8))}</span>
                      {summary && (
                        <>
                          <span className="calendar__dots" aria-hidden="true">
                            {summary.types.map((t) => (
                              <span key={t} className={`calendar__dot event--${t}`} title={eventTypeLabel(t)} />
                            ))}
                          </span>
                          <span className="calendar__count">{summary.count}</span>
                          {summary.sum > 0 && <span className="calendar__sum">{formatRoubles(summary.sum)}</span>}
                        </>
                      )}
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {opened && (
        <section className="calendar__opened" aria-labelledby="calendar-day-title">
          <h2 id="calendar-day-title">{showDay(opened)}</h2>
          {openedDay ? (
            <>
              <p className="muted">
                Событий: {openedDay.count}, на сумму {formatRoubles(openedDay.sum)}
              </p>
              <ul className="event-lines">
                {openedDay.events.map((e) => (
                  <EventLine key={e.id} event={e} />
                ))}
              </ul>
            </>
          ) : (
            <p className="muted">В этот день событий нет.</p>
          )}
          <Link to="/admin/events" search={{ day: opened }} className="button">
            Добавить событие на этот день
          </Link>
        </section>
      )}
    </section>
  );
};
