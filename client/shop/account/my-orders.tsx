import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatRoubles } from '../../../schema/shared/money';
import { call, ApiError } from '../../lib/api';
import { useOnline } from '../../lib/use-online';
import { useLocal } from '../../data/local-data-context';
import { useNotice } from '../../ui/notices';
import { useCart } from '../cart/use-cart';
import { repeatLines } from './repeat-order';
import { useMyOrders, type MyOrder } from './use-my-orders';
import './my-orders.css';
import { orderNo, orderTitle } from '../../../schema/studio/orders/order-number';
import { orderLinkPath } from '../../../schema/studio/orders/order-notices';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', weekday: 'short', timeZone: 'UTC' });
const dayLabel = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));

/** «Отменить заказ», asked twice: online only, since the studio may be assembling it at this moment. */
const CancelOrder = ({ id }: { id: string }) => {
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const cancel = async () => {
    setBusy(true);
    setError('');
    try {
      await call('POST /api/orders/cancel', { id });
      setAsking(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Не удалось отменить заказ');
    } finally {
      setBusy(false);
    }
  };
  if (!online) return <p className="muted">Отменить заказ можно, когда появится связь.</p>;
  return (
    <div className="my-orders__cancel">
      {asking ? (
        <>
          <span>Отменить этот заказ?</span>
          <button type="button" className="button button--ghost" onClick={() => void cancel()} disabled={busy}>
            Да, отменить
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)} disabled={busy}>
            Нет
          </button>
        </>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          Отменить заказ
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

/** How long a repeat waits for the catalogue's first pull before it names what the device still lacks. */
const catalogWait = 8000;

/**
 * «Повторить заказ»: what is on sale now goes into the cart at today's prices; the rest is named. A device that has
 * not pulled the catalogue yet (signed in on a new phone a moment ago) waits for it rather than call the bouquets gone.
 */
const RepeatOrder = ({ lines }: { lines: MyOrder['lines'] }) => {
  const { data, sync } = useLocal();
  const online = useOnline();
  const { add } = useCart();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);
  const ids = lines.map((l) => l.id);
  const read = () => data.shop.products.findByIds(ids).exec();
  const repeat = async () => {
    setBusy(true);
    let found = await read();
    if (online && ids.some((id) => !found.has(id))) {
      await Promise.race([sync.catalogPulled(), new Promise((resolve) => setTimeout(resolve, catalogWait))]);
      found = await read();
    }
    setBusy(false);
    const { entries, missing } = repeatLines(lines, new Map([...found].map(([id, doc]) => [id, doc.toMutableJSON()])));
    for (const entry of entries) add(entry);
    const added = entries.length ? `В корзине: ${entries.map((e) => e.name).join(', ')}` : 'Ничего из этого заказа сейчас нет в продаже';
    notice(missing.length && entries.length ? `${added}. Нет в продаже: ${missing.join(', ')}` : added);
  };
  return (
    <button type="button" className="button button--ghost" onClick={() => void repeat()} disabled={busy} aria-busy={busy}>
      Повторить заказ
    </button>
  );
};

/** An order a restore of the shop lost, sent again by this device: what became of the number the customer knew. */
const formerNumberNote = (o: MyOrder, former: number) =>
  o.number && o.number !== former
    ? `Раньше это был заказ ${orderNo(former)}: магазин восстанавливали из резервной копии, и этот номер уже занят другим заказом.`
    : 'Магазин восстанавливали из резервной копии: заказ отправляется в мастерскую заново.';

/** The number the customer knows it by: the studio's, or the one a draft sent again after a restore had. */
const titleOf = (o: MyOrder) => {
  const n = o.number ?? o.formerNumber;
  return n ? orderTitle(n) : 'Новый заказ';
};

const OrderRow = ({ o }: { o: MyOrder }) => (
  <li className="my-orders__item" data-order-id={o.id} id={o.number ? orderAnchor(o.number) : undefined}>
    <div className="my-orders__head">
      <strong>{titleOf(o)}</strong>
      <span className={`status status--${o.status}`}>{o.statusLabel}</span>
    </div>
    <p className="my-orders__when">
      {dayLabel(o.date)}, {o.slot} · {o.recipient}, {o.place}
    </p>
    {o.items.length > 0 && <p className="muted my-orders__items">{o.items.join(', ')}</p>}
    {o.photo && <img className="my-orders__photo" src={o.photo} alt="Фото вашего букета" loading="lazy" />}
    {o.postcard && (
      <p className="my-orders__postcard">
        <span className="muted">Открытка:</span> «{o.postcard}»
      </p>
    )}
    {o.anonymous && <p className="muted">Анонимно: получатель не узнает имя отправителя</p>}
    {o.total !== undefined && <p className="my-orders__total">{formatRoubles(o.total)}</p>}
    <p className="my-orders__payment">
      {o.payment}
      {o.awaitsPayment && (
        <>
          {' · '}
          <Link to="/orders/thank-you" search={{ order: o.id }}>
            Оплатить
          </Link>
        </>
      )}
    </p>
    {o.refunds.map((r, i) => (
      <p key={i} className="my-orders__refund">
        {r}
      </p>
    ))}
    {o.status === 'pending' && <p className="muted">Заказ на этом устройстве: он уйдёт в мастерскую сам, как только появится связь.</p>}
    {o.formerNumber && <p className="muted">{formerNumberNote(o, o.formerNumber)}</p>}
    {o.error && <p className="field-error">{o.error}</p>}
    <div className="my-orders__actions">
      {o.lines.length > 0 && <RepeatOrder lines={o.lines} />}
      {o.cancellable && <CancelOrder id={o.id} />}
    </div>
  </li>
);

/** The order's line in /my, as the SMS about its photo links to it (schema/studio/orders/order-notices.ts `orderLinkPath`). */
const orderAnchor = (number: number) => orderLinkPath(number).split('#')[1];

/**
 * Brings the line the address names (`/my#order-1042`, from an SMS) into view once it is drawn: the orders come from
 * the device's store after the page, so the browser's own jump to the anchor finds nothing yet.
 */
const useScrollToNamedOrder = (count: number) => {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !location.hash) return;
    const line = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!line) return;
    line.scrollIntoView({ block: 'start' });
    line.classList.add('my-orders__item--named');
    setDone(true);
  }, [count, done]);
};

/** /my: the customer's orders with their status, as staff change it. */
export const MyOrders = ({ phone }: { phone: string }) => {
  const orders = useMyOrders(phone);
  useScrollToNamedOrder(orders.length);
  return (
    <section className="my-orders" aria-labelledby="my-orders-title">
      <h2 id="my-orders-title">Мои заказы</h2>
      {!orders.length && (
        <p>
          Заказов пока нет. <Link to="/items">Выбрать букет</Link>
        </p>
      )}
      <ul className="my-orders__list">
        {orders.map((o) => (
          <OrderRow key={o.id} o={o} />
        ))}
      </ul>
    </section>
  );
};
