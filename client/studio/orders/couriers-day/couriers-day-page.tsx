import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { can } from '../../../../schema/shared/access';
import { nextDay, today } from '../../../../schema/shared/day';
import { courier as courierEntity } from '../../../../schema/entities/courier';
import { formatRoubles } from '../../../../schema/shared/money';
import { orderStatuses, type Order } from '../../../../schema/studio/orders/order';
import { formatPhone } from '../../../../schema/shared/phone';
import { useLocal } from '../../../data/local-data-context';
import { sendOrderCommand } from '../../../data/order-commands';
import { useNotice } from '../../../ui/notices';
import { PaperSheet, printPaper } from '../../../ui/paper-sheet';
import { useSession } from '../../../shared/auth/session';
import { routePaper } from './route-paper';
import { couriersHeading, type CourierRoute, type DayCourier, type Delivery } from './courier-day';
import { useCouriersDay } from './use-couriers-day';
import './couriers-day.css';
import { orderNo } from '../../../../schema/studio/orders/order-number';
import { Money } from '../../../ui/money';

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
  <select className="no-print" aria-label={`Курьер для ${delivery.number ? orderNo(delivery.number) : `заказа без номера (${delivery.recipient.name})`}`} value={current ?? ''} onChange={(e) => assign(delivery.id, e.target.value || null, current)}>
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
          <td data-label="Время">{d.slot}</td>
          <td data-label="Заказ">
            {d.number ? <Link to="/admin/$resource/$id" params={{ resource: 'orders', id: String(d.number) }}>{orderNo(d.number)}</Link> : <span>Без номера</span>}
            <div className="muted">{statusLabel(d.status)}</div>
          </td>
          <td data-label="Адрес">
            <div>{d.address}</div>
            <div>
              {d.recipient.name}, <Phone phone={d.recipient.phone} />
            </div>
            {d.comment && <div className="muted">{d.comment}</div>}
          </td>
          <td className="courier-route__marks" data-label="Отметки">
            {d.postcard && <span className="mark">Открытка</span>}
            {d.anonymous && <span className="mark mark--strong">Анонимно</span>}
            {d.pending && <span className="mark no-print">ждёт отправки</span>}
            <CourierSelect delivery={d} {...assigning} />
          </td>
          <td data-label="Получить">{d.toCollect ? formatRoubles(d.toCollect) : 'оплачен'}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const Route = ({ route, onPrint, assigning }: { route: CourierRoute; onPrint: () => void; assigning: Omit<Assigning, 'current'> }) => (
  <section className="courier-route" aria-label={`Маршрут: ${route.courier.name}`}>
    <header className="courier-route__head">
      <h2>
        <Link to="/admin/$resource/$id" params={{ resource: courierEntity.path, id: route.courier.id }}>{route.courier.name}</Link>
        {!route.courier.active && <span className="muted"> (не работает)</span>}
      </h2>
      <Phone phone={route.courier.phone} />
      {route.deliveries.length > 0 && (
        <button type="button" className="button button--ghost no-print" onClick={onPrint}>
          Печать маршрута
        </button>
      )}
    </header>
    {route.deliveries.length ? <DeliveryRows deliveries={route.deliveries} assigning={{ ...assigning, current: route.courier.id }} /> : <p className="muted">Доставок нет.</p>}
    <p className="courier-route__sums">
      Доставок: {route.deliveries.length} · получить с клиентов: <strong><Money value={route.toCollect} /></strong> · оплата курьеру: <strong><Money value={route.fee} /></strong>
    </p>
  </section>
);

/** The couriers' day: each courier's route in slot order, the deliveries nobody takes yet, the day's sums. */
const CouriersDay = ({ day }: { day: string }) => {
  const { result, couriers } = useCouriersDay(day);
  const assign = useAssign();
  const navigate = useNavigate({ from: '/admin/$resource' });
  // The route last asked for, as its route sheet (client/ui/paper-sheet.tsx): drawn, then printed. `round` prints the same route again.
  const [printing, setPrinting] = useState<{ courier: string; round: number } | null>(null);
  useEffect(() => {
    if (printing) printPaper();
  }, [printing]);
  const printed = printing && result?.routes.find((r) => r.courier.id === printing.courier);
  const sorted = useMemo(() => [...couriers].sort((a, b) => a.name.localeCompare(b.name, 'ru')), [couriers]);
  const go = (d: string) => void navigate({ search: (s) => ({ ...s, day: d === today() ? undefined : d }), replace: true });
  return (
    <div className="couriers-day">
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
            Оплата курьерам за день: <strong><Money value={result.fees} /></strong> · получить с клиентов: <strong><Money value={result.toCollect} /></strong>
          </p>
          <section className="courier-route courier-route--unassigned no-print" aria-label="Без курьера">
            <h2>Без курьера</h2>
            {result.unassigned.length ? <DeliveryRows deliveries={result.unassigned} assigning={{ couriers: sorted, assign, current: null }} /> : <p className="muted">Все доставки дня распределены.</p>}
          </section>
          {result.routes.map((r) => (
            <Route key={r.courier.id} route={r} onPrint={() => setPrinting((p) => ({ courier: r.courier.id, round: (p?.round ?? 0) + 1 }))} assigning={{ couriers: sorted, assign }} />
          ))}
          {!result.routes.length && <p className="muted">Курьеров пока нет.</p>}
          {printed && <PaperSheet paper={routePaper(printed, day)} />}
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
          <h1>{couriersHeading(day)}</h1>
          <CouriersDay day={day} />
        </>
      )}
    </section>
  );
};
