import { memo } from 'react';
import { Link } from '@tanstack/react-router';
import { deliveryPlace, type Order } from '../../../../schema/studio/orders/order';
import { paymentLabel } from '../../../../schema/studio/orders/payment-label';
import { statusName } from '../../../../schema/studio/orders/order-lifecycle';
import { formatPhone } from '../../../../schema/shared/phone';
import { clientNote, paidOf } from './board-orders';
import { orderNo } from '../../../../schema/studio/orders/order-number';
import { Money } from '../../../ui/money';
import { ClippedText } from '../../../ui/clipped-text';

interface Props {
  order: Order;
  /** The florist by name (the staff directory), or the masked phone. */
  florist: string | undefined;
  courier: string | undefined;
  /** Where the order came from, as the studio's list of order sources names it (/admin/refs). */
  source: string;
  pending: boolean;
  /** Whether the device has a network: a pending change is then sent and waits for the server's answer. */
  online: boolean;
  fresh: boolean;
}


/**
 * One order on the board: everything a florist needs at a glance, no subscription of its own (the board's one
 * query feeds every card), and re-rendered only when its order changes.
 */
export const OrderCard = memo(function OrderCard({ order: o, florist, courier, source, pending, fresh, online }: Props) {
  const note = clientNote(o);
  const paid = paidOf(o) === 'paid';
  return (
    <article className={`order-card order-card--${o.status}${fresh ? ' order-card--fresh' : ''}`} aria-labelledby={`order-${o.id}`}>
      <header className="order-card__head">
        {o.number ? (
          <Link to="/admin/orders/$id" params={{ id: o.id }} className="order-card__number" id={`order-${o.id}`}>
            {orderNo(o.number)}
          </Link>
        ) : (
          <span className="order-card__number" id={`order-${o.id}`}>
            Без номера
          </span>
        )}
        <span className="order-card__status">{statusName(o.status)}</span>
        <span className="order-card__slot">{o.slot}</span>
      </header>
      <p className="order-card__who">
        <ClippedText text={o.recipient.name} />, <a href={`tel:+${o.recipient.phone}`}>{formatPhone(o.recipient.phone)}</a>
      </p>
      {o.clientNote && (
        <p className="order-card__alert tag tag--alert" data-testid="client-alert">
          Важно о клиенте: {o.clientNote}
        </p>
      )}
      <p className="order-card__where">{o.delivery.method === 'courier' ? deliveryPlace(o.delivery) : 'Самовывоз'}</p>
      <ul className="order-card__lines">
        {o.lines.map((l, i) => (
          <li key={`${l.id}-${i}`}>
            <ClippedText text={l.name} />
            {l.letterSize ? ` (${l.letterSize})` : ''} × {l.count}
          </li>
        ))}
      </ul>
      <p className="order-card__money">
        <strong><Money value={o.total} /></strong> <span className={paid ? 'tag tag--ok' : 'tag tag--warn'}>{paymentLabel(o)}</span>{' '}
        <span className="muted">{source}</span>
      </p>
      <p className="order-card__staff">
        <span data-testid="card-florist">Флорист: {o.florist ? florist : '—'}</span> <span>Курьер: {o.courier ? (courier ?? 'удалён из списка') : '—'}</span>
      </p>
      {(o.postcard || o.anonymous || note || pending || fresh) && (
        <p className="order-card__marks">
          {fresh && <span className="tag tag--new">Новый</span>}
          {pending && (
            <span className="tag tag--pending" title="Изменение ещё не подтверждено сервером">
              {online ? 'отправлено, ждёт ответа' : 'ждёт отправки'}
            </span>
          )}
          {o.postcard && <span className="tag" title={o.postcard}>Открытка</span>}
          {o.anonymous && <span className="tag tag--warn">Анонимно</span>}
          {note && (
            <span className="tag tag--alert" title={note}>
              Важно: {note.length > 60 ? `${note.slice(0, 60)}…` : note}
            </span>
          )}
        </p>
      )}
    </article>
  );
});
