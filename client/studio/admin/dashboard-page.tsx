import { Suspense, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { map } from 'rxjs';
import { today } from '../../../schema/shared/day';
import type { ShopEvent } from '../../../schema/studio/orders/event';
import { task } from '../../../schema/entities/task';
import type { OfficeRecord } from '../../../schema/shared/record';
import { useObservable } from '../../lib/use-observable';
import { useLocal } from '../../data/local-data-context';
import { useSession } from '../../shared/auth/session';
import { menuFor } from './admin-access';
import { cellText, fieldsOf } from '../kit/fields';
import { TaskTick } from './task-tick';
import { RefusedList } from './refused-list';
import { BelowZero } from '../stock/moves/below-zero';
import { eventText, eventTypeLabel } from './event-line';
import { BackupPanel } from './backup-panel';
import { Money } from '../../ui/money';

const TodayEvents = () => {
  const { data } = useLocal();
  const today$ = useMemo(() => data.shop.events.find({ selector: { day: today() } }).$.pipe(map((d) => d.map((x) => x.toJSON() as ShopEvent))), [data]);
  const all = useObservable(today$, [] as ShopEvent[]);
  // Work days are one line of names (issue 20, item 3), not an event each.
  const working = all.filter((e) => e.type === 'workday').map((e) => e.title).sort((a, b) => a.localeCompare(b, 'ru'));
  const events = all.filter((e) => e.type !== 'workday');
  return (
    <>
      {working.length > 0 && <p className="today-staff">Сегодня работают: {working.join(', ')}</p>}
      {!events.length ? <p className="muted">Сегодня событий нет.</p> : <EventList events={events} />}
    </>
  );
};

const EventList = ({ events }: { events: ShopEvent[] }) => (
  <ul className="events">
    {events.map((e) => (
      <li key={e.id}>
        <span className="tag">{eventTypeLabel(e)}</span> {eventText(e)} {e.sum > 0 && <strong><Money value={e.sum} /></strong>}
      </li>
    ))}
  </ul>
);

/** The dashboard shows this many tasks; the rest are a link away. */
const dashboardTasks = 20;

/** Tasks due today and those left over from earlier days, undone first; from the device, so they tick off offline. */
const TodayTasks = () => {
  const { data } = useLocal();
  const day = today();
  const tasks$ = useMemo(() => data.shop.office.find({ selector: { type: 'task', day: { $lte: day } } }).$.pipe(map((d) => d.map((x) => x.toMutableJSON()))), [data, day]);
  const tasks = useObservable(tasks$, [] as OfficeRecord[]);
  const time = fieldsOf(task).find((f) => f.name === 'dueTime');
  const shown = tasks
    .filter((t) => t.day === day || t.data.status !== 'done')
    .sort((a, b) => Number(a.data.status === 'done') - Number(b.data.status === 'done') || String(a.data.dueTime ?? '').localeCompare(String(b.data.dueTime ?? '')));
  if (!shown.length) return <p className="muted">На сегодня задач нет.</p>;
  return (
    <>
    <ul className="today-tasks">
      {shown.slice(0, dashboardTasks).map((t) => (
        <li key={t.id}>
          <TaskTick record={t} />{' '}
          <Link to="/admin/$resource/$id" params={{ resource: task.path, id: t.id }}>
            {t.title}
          </Link>
          {t.data.dueTime ? <span className="muted"> · {cellText(task, time, t.data.dueTime)}</span> : null}
          {t.day !== day && <span className="tag">с {cellText(task, fieldsOf(task).find((f) => f.name === 'due'), t.day)}</span>}
        </li>
      ))}
    </ul>
    {shown.length > dashboardTasks && (
      <p>
        <Link to="/admin/$resource" params={{ resource: task.path }} search={{ f: { status: 'todo' } }}>
          Ещё {shown.length - dashboardTasks} — все задачи
        </Link>
      </p>
    )}
    </>
  );
};

/** /admin: new records the server refused (kept on the device), today's calendar and tasks (from the device, works offline), and a tile for every area this user may open. */
export const DashboardPage = () => {
  const { user } = useSession();
  const areas = menuFor(user);
  return (
    <div className="admin-dashboard">
      <h1>Рабочий стол</h1>
      <p>Здравствуйте{user?.name ? `, ${user.name}` : ''}!</p>
      {/* What the device holds shows once its store is open; the rest of the desk does not wait for it. */}
      <Suspense fallback={null}>
        <RefusedList />
        <BelowZero />
      </Suspense>
      <section aria-labelledby="today">
        <h2 id="today">Сегодня, {new Date().toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' })}</h2>
        <Suspense fallback={<p className="muted">Загрузка…</p>}>
          <TodayEvents />
        </Suspense>
      </section>
      <section aria-labelledby="tasks-today">
        <h2 id="tasks-today">Задачи на сегодня</h2>
        <Suspense fallback={<p className="muted">Загрузка…</p>}>
          <TodayTasks />
        </Suspense>
      </section>
      <BackupPanel />
      <section aria-labelledby="areas">
        <h2 id="areas">Разделы</h2>
        <ul className="tiles">
          {areas.map((a) => (
            <li key={a.id}>
              <Link className="tile" to="/admin/$resource" params={{ resource: a.links[0].path.slice('/admin/'.length) }}>
                <strong>{a.label}</strong>
                <span className="muted">{a.links.map((l) => l.label).join(', ')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};
