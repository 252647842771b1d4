import { lineSum, type Cart } from '../../../schema/cart';
import { formatRoubles } from '../../../schema/money';
import { deliveryCost } from '../../../schema/order';

/**
 * The order as the server will price it: each line rounded, delivery by the shop's rule (schema/order.ts).
 * The server recomputes all of it from the catalogue when the order arrives.
 */
export const OrderSummary = ({ lines, method }: { lines: Cart['cart']; method: 'courier' | 'pickup' }) => {
  const entries = Object.entries(lines);
  const goods = entries.reduce((sum, [, e]) => sum + lineSum(e), 0);
  const delivery = deliveryCost(method, goods);
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Ваш заказ</h2>
      <ul className="order-summary__lines">
        {entries.map(([key, e]) => (
          <li key={key} className="order-summary__line">
            <img src={e.image} alt="" width="56" height="56" />
            <span>
              {e.name}
              {e.letterSize ? `, размер ${e.letterSize}` : ''}
              <span className="muted"> · {e.count} шт.</span>
            </span>
            <span className="order-summary__sum">{formatRoubles(lineSum(e))}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__totals">
        <dt>Товары</dt>
        <dd>{formatRoubles(goods)}</dd>
        <dt>{method === 'pickup' ? 'Самовывоз' : 'Доставка'}</dt>
        <dd>{delivery ? formatRoubles(delivery) : 'бесплатно'}</dd>
        <dt className="order-summary__total">Итого</dt>
        <dd className="order-summary__total" data-testid="order-total">{formatRoubles(goods + delivery)}</dd>
      </dl>
      <p className="muted order-summary__note">Цены сверяются с каталогом при отправке заказа. Оплата при получении.</p>
    </aside>
  );
};
