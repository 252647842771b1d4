import { lineSum, type Cart, type CartEntry } from '../../../schema/shop/cart';
import { formatRoubles } from '../../../schema/shared/money';
import { deliveryCost } from '../../../schema/studio/orders/order';
import { useShopSettings } from '../../data/shop-settings';
import { useProductsOnSale } from '../catalog/use-products';

/**
 * The order as the server will price it: each line rounded, delivery by the shop's rule and settings as this device
 * holds them (schema/studio/orders/order.ts, schema/studio/site/shop-settings.ts). The checkout sends the delivery price shown here with the
 * draft, and the server refuses a draft whose price it would not charge.
 */
export const useOrderSums = (lines: Cart['cart'], method: 'courier' | 'pickup') => {
  const onSale = useProductsOnSale();
  const settings = useShopSettings();
  // Priced from the device's copy of the catalogue, which follows the server: a price may have changed since it went into the cart.
  const entries = Object.entries(lines).map(([key, e]): [string, CartEntry & { gone?: boolean }] => {
    if (!onSale) return [key, e];
    const now = onSale.find((p) => p.id === e.id);
    return [key, now ? { ...e, price: now.price, discountPrice: now.discountPrice } : { ...e, gone: true }];
  });
  const goods = entries.reduce((sum, [, e]) => sum + (e.gone ? 0 : lineSum(e)), 0);
  return { entries, goods, delivery: deliveryCost(method, goods, settings) };
};

export const OrderSummary = ({ lines, method }: { lines: Cart['cart']; method: 'courier' | 'pickup' }) => {
  const { entries, goods, delivery } = useOrderSums(lines, method);
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
            <span className="order-summary__sum">{e.gone ? 'нет в продаже' : formatRoubles(lineSum(e))}</span>
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
      <p className="muted order-summary__note">Цены сверяются с каталогом при отправке заказа.</p>
    </aside>
  );
};
