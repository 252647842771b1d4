import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { ClientHistory, LastRecipient } from '../../../../schema/studio/clients/client-history';
import { orderTitle } from '../../../../schema/studio/orders/order-number';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { clientHistory } from '../../../data/client-history';
import { Money } from '../../../ui/money';

const dayMonth = (mmdd: string) => `${mmdd.slice(3, 5)}.${mmdd.slice(0, 2)}`;
const shownDay = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** /admin/orders/new's address for this client and a recipient: the form opens holding both. */
const orderStart = (record: OfficeRecord, to: LastRecipient | undefined) => ({
  name: String(record.data.name ?? ''),
  phone: String(record.data.phone ?? ''),
  ...(to ? { to: to.name, toPhone: to.phone, ...(to.address ? { address: to.address } : {}) } : {}),
});

/**
 * On a client's card: each yearly date (the birthday, the important dates) with the orders made for it in earlier
 * years, and one tap to a phone order for it (the customer and the date's last recipient, or the last order's).
 */
export const ClientDates = ({ record }: { record: OfficeRecord }) => {
  const [history, setHistory] = useState<ClientHistory | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let live = true;
    clientHistory(record.id).then(
      (r) => live && setHistory(r.data),
      (e: Error) => live && setFailure(e.message),
    );
    return () => {
      live = false;
    };
  }, [record.id, record.updatedAt]);
  return (
    <section className="client-dates" aria-label="Даты и заказы к ним">
      <h2>Даты и заказы к ним</h2>
      <p>
        <Link to="/admin/orders/new" search={orderStart(record, history?.last)} className="button">
          Новый заказ
        </Link>
      </p>
      {failure && <p className="field-error" role="alert">{failure}</p>}
      {!history && !failure && <p className="muted">Загрузка…</p>}
      {history && !history.dates.length && <p className="muted">Дат пока нет: добавьте день рождения или важную дату.</p>}
      <ul className="client-dates__list">
        {history?.dates.map((d) => (
          <li key={`${d.date}-${d.title}`}>
            <strong>
              {d.title}, {dayMonth(d.date)}
            </strong>{' '}
            <Link to="/admin/orders/new" search={orderStart(record, d.orders[0]?.recipient ?? history.last)} className="button button--ghost" aria-label={`Заказать к дате: ${d.title}`}>
              Заказать к дате
            </Link>
            {d.orders.length ? (
              <ul>
                {d.orders.map((o) => (
                  <li key={o.id}>
                    <Link to="/admin/$resource/$id" params={{ resource: 'orders', id: String(o.number) }}>
                      {orderTitle(o.number)}
                    </Link>{' '}
                    {shownDay(o.date)}, <Money value={o.total} />, {o.recipient.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">В прошлые годы заказов к этой дате не было.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};
