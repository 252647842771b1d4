import { formatNumber, formatRoubles } from '../../../schema/money';
import { studio } from '../layout/contacts';
import { useCart } from './use-cart';

/** /orders/create. Online checkout is the next piece of work; until then the cart and a way to order by phone. */
export const CheckoutPage = () => {
  const { lines, total } = useCart();
  return (
    <div className="page">
      <h1>Оформление заказа</h1>
      <ul className="cart__lines">
        {Object.entries(lines).map(([key, e]) => (
          <li key={key} className="cart__line">
            <img src={e.image} alt="" width="48" height="48" />
            <span className="cart__name">{e.name}{e.letterSize ? ` (${e.letterSize})` : ''}</span>
            <span>{e.count} шт.</span>
            <span>{formatRoubles(Math.round(e.count * (e.discountPrice || e.price) * (e.priceFactor ?? 1)))}</span>
          </li>
        ))}
      </ul>
      <p><strong>Итого: {formatNumber(total)} ₽</strong></p>
      <p>Чтобы оформить заказ, позвоните нам: <a href={studio.phoneHref}>{studio.phone}</a> — флорист подтвердит состав и время доставки.</p>
    </div>
  );
};
