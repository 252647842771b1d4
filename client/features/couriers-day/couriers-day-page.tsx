import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { map } from 'rxjs';
import { can } from '../../../schema/access';
import { nextDay, today } from '../../../schema/day';
import { courier as courierEntity } from '../../../schema/entities/courier';
import { formatRoubles } from '../../../schema/money';
import { order as orderSchema, orderStatuses, type Order } from '../../../schema/order';
import { formatPhone } from '../../../schema/phone';
import { recordData } from '../../../schema/record';
import { useLocal } from '../../data/local-data-context';
import { commandView, sendOrderCommand } from '../../data/order-commands';
import { orderCommandEntity } from '../../../schema/entities/order-command';
import { useNotice } from '../../ui/notices';
import { useObservable } from '../../lib/use-observable';
import { useSession } from '../auth/session';
import { couriersDay, pendingAssignments, type CourierRoute, type DayCourier, type Delivery } from './courier-day';
import './couriers-day.css';

/** The day's orders from the device (staff devices pull `studio-orders` into `orders`), live. */
const useDayOrders = (day: string): Order[] | null => {
  const { data } = useLocal();
  const orders$ = useMemo(
    () =>
      data.shop.orders
        .find({ selector: { date: day } })
        .$.pipe(map((docs) => docs.flatMap((d) => { const o = orderSchema.safeParse(d.toMutableJSON()); return o.success ? [o.data] : []; }))),
    [data, day],
  );
  return useObservable<Order[] | null>(orders$, null);
};

/** The studio's couriers (office records), live. */
const useDayCouriers = (): DayCourier[] => {
  const { data } = useLocal();
  const couriers$ = useMemo(
    () =>
      data.shop.office.find({ selector: { type: courierEntity.type } }).$.pipe(
        map((docs) =>
          docs.flatMap((d) => {
            const c = recordData(courierEntity, d);
            return c ? [{ id: d.id, name: c.name, phone: c.phone, feePerDelivery: c.feePerDelivery, active: c.active }] : [];
          }),
        ),
      ),
    [data],
  );
  return useObservable(couriers$, []);
};

/** Couriers handed or taken back on this device and not yet answered by the server, live. */
const usePendingAssignments = (): ReadonlyMap<string, string | null> => {
  const { data } = useLocal();
  const pending$ = useMemo(
    () =>
      data.shop.office
        .find({ selector: { type: orderCommandEntity.type, 'data.action.kind': 'assign', 'data.outcome': { $exists: false } } })
        .$.pipe(map((docs) => pendingAssignments(docs.flatMap((d) => commandView(d.toMutableJSON()) ?? [])))),
    [data],
  );
  return useObservable(pending$, noPending);
};
const noPending: ReadonlyMap<string, string | null> = new Map();

/** Hands a delivery to a courier (or takes it back): a command, written on the device, offline too. */
const useAssign = () => {
  const { data } = useLocal();
  const { user } = useSession();
  const notice = useNotice();
  // `seen`: the courier this screen showed; if a colleague changed it meanwhile, the server refuses and says who.
  return (order: string, courier: string | null, seen: string | null) => {
    if (!user) return;
    sendOrderCommand(data.shop.office, user.phone, order, { kind: 'assign', courier, seenCourier: seen }).catch((e: Error) => notice(e.message, 'error'));
  };
};

const statusLabel = (s: Order['status']) => orderStatuses.find((x) => x.id === s)?.label ?? s;

const Phone = ({ phone }: { phone: string }) => <a href={`tel:+${phone}`}>{formatPhone(phone)}</a>;

interface Assigning {
  couriers: DayCourier[];
  current: string | null;
  assign: (order: string, courier: string | null, seen: string | null) => void;
}

const CourierSelect = ({ delivery, couriers, current, assign }: Assigning & { delivery: Delivery }) => (
  <select className="no-print" aria-label={`Курьер для № ${delivery.number}`} value={current ?? ''} onChange={(e) => assign(delivery.id, e.target.value || null, current)}>
    <option value="">Без курьера</option>
    {couriers.filter((c) => c.active || c.id === current).map((c) => (
      <option key={c.id} value={c.id}>{c.name}</option>
    ))}
  </select>
);

const DeliveryRows = ({ deliveries, assigning }: { deliveries: Delivery[]; assigning: Assigning }) => (
  <table className="courier-route__table">
    <thead>
      <tr>
        <th scope="col">Время</th>
        <th scope="col">Заказ</th>
        <th scope="col">Адрес и получатель</th>
        <th scope="col">Отметки</th>
        <th scope="col">Получить</th>
      </tr>
    </thead>
    <tbody>
      {deliveries.map((d) => (
        <tr key={d.id}>
          <td>{d.slot}</td>
          <td>
            <Link to="/admin/$resource/$id" params={{ resource: 'orders', id: String(d.number) }}>№ {d.number}</Link>
            <div className="muted">{statusLabel(d.status)}</div>
          </td>
          <td>
            <div>{d.address}</div>
            <div>
              {d.recipient.name}, <Phone phone={d.recipient.phone} />
            </div>
            {d.comment && <div className="muted">{d.comment}</div>}
          </td>
          <td className="courier-route__marks">
            {d.postcard && <span className="mark">Открытка</span>}
            {d.anonymous && <span className="mark mark--strong">Анонимно</span>}
            {d.pending && <span className="mark no-print">ждёт отправки</span>}
            <CourierSelect delivery={d} {...assigning} />
          </td>
          <td>{d.toCollect ? formatRoubles(d.toCollect) : 'оплачен'}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const Route = ({ route, day, printing, onPrint, assigning }: { route: CourierRoute; day: string; printing: boolean; onPrint: () => void; assigning: Omit<Assigning, 'current'> }) => (
  <section className="courier-route" data-printing={printing || undefined} aria-label={`Маршрут: ${route.courier.name}`}>
    <header className="courier-route__head">
      <h2>
        <Link to="/admin/$resource/$id" params={{ resource: courierEntity.path, id: route.courier.id }}>{route.courier.name}</Link>
        {!route.courier.active && <span className="muted"> (не работает)</span>}
      </h2>
      <Phone phone={route.courier.phone} />
      <span className="print-only">Маршрут на {day}</span>
      {route.deliveries.length > 0 && (
        <button type="button" className="button button--ghost no-print" onClick={onPrint}>
          Печать маршрута
        </button>
      )}
    </header>
    {route.deliveries.length ? <DeliveryRows deliveries={route.deliveries} assigning={{ ...assigning, current: route.courier.id }} /> : <p className="muted">Доставок нет.</p>}
    <p className="courier-route__sums">
      Доставок: {route.deliveries.length} · получить с клиентов: <strong>{formatRoubles(route.toCollect)}</strong> · оплата курьеру: <strong>{formatRoubles(route.fee)}</strong>
    </p>
  </section>
);

/** The couriers' day: each courier's route in slot order, the deliveries nobody takes yet, the day's sums. */
export const CouriersDay = ({ day }: { day: string }) => {
  const orders = useDayOrders(day);
  const couriers = useDayCouriers();
  const pending = usePendingAssignments();
  const assign = useAssign();
  const navigate = useNavigate({ from: '/admin/$resource' });
  const [printing, setPrinting] = useState<string | null>(null);
  useEffect(() => {
    if (!printing) return;
    // One courier's sheet: the others are hidden by the print styles while the dialog is open.
    window.print();
    setPrinting(null);
  }, [printing]);
  const result = useMemo(() => (orders ? couriersDay(orders, couriers, day, pending) : null), [orders, couriers, day, pending]);
  const sorted = useMemo(() => [...couriers].sort((a, b) => a.name.localeCompare(b.name, 'ru')), [couriers]);
  const go = (d: string) => void navigate({ search: (s) => ({ ...s, day: d === today() ? undefined : d }), replace: true });
  return (
    <div className="couriers-day" data-printing={printing ? true : undefined}>
      <div className="couriers-day__when no-print">
        <label className="field">
          <span>День</span>
          <input type="date" name="day" value={day} onChange={(e) => e.target.value && go(e.target.value)} />
        </label>
        <button type="button" className="button button--ghost" onClick={() => go(today())}>Сегодня</button>
        <button type="button" className="button button--ghost" onClick={() => go(nextDay(today()))}>Завтра</button>
      </div>
      {!result ? (
        <p className="muted">Загрузка…</p>
      ) : (
        <>
          <p className="couriers-day__sums no-print">
            Оплата курьерам за день: <strong>{formatRoubles(result.fees)}</strong> · получить с клиентов: <strong>{formatRoubles(result.toCollect)}</strong>
          </p>
          <section className="courier-route courier-route--unassigned no-print" aria-label="Без курьера">
            <h2>Без курьера</h2>
            {result.unassigned.length ? <DeliveryRows deliveries={result.unassigned} assigning={{ couriers: sorted, assign, current: null }} /> : <p className="muted">Все доставки дня распределены.</p>}
          </section>
          {result.routes.map((r) => (
            <Route key={r.courier.id} route={r} day={day} printing={printing === r.courier.id} onPrint={() => setPrinting(r.courier.id)} assigning={{ couriers: sorted, assign }} />
          ))}
          {!result.routes.length && <p className="muted">Курьеров пока нет.</p>}
        </>
      )}
    </div>
  );
};

/** /admin/couriers: the day by default, the generic list of couriers one tab away (to add and edit them). */
export const CouriersScreen = ({ search, list }: { search: { day?: string; tab?: 'list' }; list: ReactNode }) => {
  const { user } = useSession();
  const day = search.day ?? today();
  return (
    <section className="couriers-screen">
      <nav className="couriers-screen__tabs no-print" aria-label="Курьеры">
        <Link to="/admin/$resource" params={{ resource: courierEntity.path }} search={{ day: search.day }} aria-current={search.tab ? undefined : 'page'}>
          День курьеров
        </Link>
        <Link to="/admin/$resource" params={{ resource: courierEntity.path }} search={{ tab: 'list' }} aria-current={search.tab === 'list' ? 'page' : undefined}>
          Список курьеров
        </Link>
        {can(user, 'create', courierEntity) && (
          <Link to="/admin/$resource/$id" params={{ resource: courierEntity.path, id: 'new' }}>
            {courierEntity.labels.create}
          </Link>
        )}
      </nav>
      {search.tab === 'list' ? (
        list
      ) : (
        <>
          <h1>Курьеры на {new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))}</h1>
          <CouriersDay day={day} />
        </>
      )}
    </section>
  );
};
