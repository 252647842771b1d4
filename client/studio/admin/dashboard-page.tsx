import { Suspense, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { map, of } from 'rxjs';
import { today } from '../../../schema/shared/day';
import type { ShopEvent } from '../../../schema/studio/orders/event';
import { task } from '../../../schema/entities/task';
import type { OfficeRecord } from '../../../schema/shared/record';
import { useObservable } from '../../lib/use-observable';
import { useLocalIfOpen, useLocalUnlessDrawn, type Local } from '../../data/local-data-context';
import { studioPulled$ } from '../../data/sync/pulled-mark';
import { dashboardTasks, todayTasks, type DashboardSnapshot } from '../../../schema/studio/orders/dashboard-snapshot';
import { drawnDashboard } from './drawn-dashboard';
import { useSession } from '../../shared/auth/session';
import { menuFor } from './admin-access';
import { cellText, fieldsOf } from '../kit/fields';
import { TaskTick } from './task-tick';
import { RefusedList } from './refused-list';
import { BelowZero } from '../stock/moves/below-zero';
import { eventText, eventTypeLabel } from './event-line';
import { BackupPanel } from './backup-panel';
import { Money } from '../../ui/money';

/** What a device reading is before the store is open: nothing yet. */
const unread$ = of(null);

/**
 * Whether the dashboard shows the page's today (the server's snapshot, issue 32, item 1) rather than the device's:
 * until the device's store is open, has pulled the studio's data and its reading has answered.
 */
const usePageUntilDevice = (drawn: DashboardSnapshot | null, local: Local | null, device: unknown): DashboardSnapshot | null => {
  const pulled = useObservable(studioPulled$, studioPulled$.value);
  return drawn && (!local || !pulled || device === null) ? drawn : null;
};

const TodayEvents = ({ date, drawn }: { date: string; drawn: DashboardSnapshot | null }) => {
  const local = useLocalUnlessDrawn(!!drawn);
  const today$ = useMemo(() => (local ? local.data.shop.events.find({ selector: { day: date } }).$.pipe(map((d) => d.map((x) => x.toJSON() as ShopEvent))) : unread$), [local, date]);
  const device = useObservable<ShopEvent[] | null>(today$, null);
  const all = usePageUntilDevice(drawn, local, device)?.events ?? device ?? [];
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

/**
 * Tasks due today and those left over from earlier days, undone first (`todayTasks`); from the device, so they tick
 * off offline, and from the page until the device has them.
 */
const TodayTasks = ({ date, drawn }: { date: string; drawn: DashboardSnapshot | null }) => {
  const local = useLocalUnlessDrawn(!!drawn);
  const tasks$ = useMemo(
    () => (local ? local.data.shop.office.find({ selector: { type: 'task', day: { $lte: date } } }).$.pipe(map((d) => todayTasks(d.map((x) => x.toMutableJSON()), date))) : unread$),
    [local, date],
  );
  const device = useObservable<OfficeRecord[] | null>(tasks$, null);
  const page = usePageUntilDevice(drawn, local, device);
  const shown = page ? page.tasks : (device ?? []).slice(0, dashboardTasks);
  const total = page ? page.total : (device ?? []).length;
  const time = fieldsOf(task).find((f) => f.name === 'dueTime');
  if (!shown.length) return <p className="muted">На сегодня задач нет.</p>;
  return (
    <>
    {/* Where the list was read (the page's snapshot or the device), for journeys. */}
    <ul className="today-tasks" data-from={page ? 'page' : 'device'}>
      {shown.map((t) => (
        <li key={t.id}>
          <TaskTick record={t} />{' '}
          <Link to="/admin/$resource/$id" params={{ resource: task.path, id: t.id }}>
            {t.title}
          </Link>
          {t.data.dueTime ? <span className="muted"> · {cellText(task, time, t.data.dueTime)}</span> : null}
          {t.day !== date && <span className="tag">с {cellText(task, fieldsOf(task).find((f) => f.name === 'due'), t.day)}</span>}
        </li>
      ))}
    </ul>
    {total > dashboardTasks && (
      <p>
        <Link to="/admin/$resource" params={{ resource: task.path }} search={{ f: { status: 'todo' } }}>
          Ещё {total - dashboardTasks} — все задачи
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
  const date = today();
  // Today's events and tasks the server wrote into the page (issue 32, item 1): drawn before the store opens, the
  // same screen after (nothing remounts, nothing suspends where the page has them).
  const drawn = drawnDashboard(date);
  const local = useLocalIfOpen();
  return (
    <div className="admin-dashboard">
      <h1>Рабочий стол</h1>
      <p>Здравствуйте{user?.name ? `, ${user.name}` : ''}!</p>
      {/* What the device holds shows once its store is open; the rest of the desk does not wait for it. */}
      {local && (
        <Suspense fallback={null}>
          <RefusedList />
          <BelowZero />
        </Suspense>
      )}
      <section aria-labelledby="today">
        <h2 id="today">Сегодня, {new Date().toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' })}</h2>
        <Suspense fallback={<p className="muted">Загрузка…</p>}>
          <TodayEvents date={date} drawn={drawn} />
        </Suspense>
      </section>
      <section aria-labelledby="tasks-today">
        <h2 id="tasks-today">Задачи на сегодня</h2>
        <Suspense fallback={<p className="muted">Загрузка…</p>}>
          <TodayTasks date={date} drawn={drawn} />
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
