import { useCallback, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { linePrice, lineSum } from '../../../schema/shop/cart';
import { formatNumber, formatRoubles } from '../../../schema/shared/money';
import { useShopSettings } from '../../data/shop-settings';
import { leftForFreeDelivery } from './free-delivery';
import { useOutsideClick } from '../../lib/use-outside-click';
import { useCart } from './use-cart';

/** Spec §9: the dropdown closes 2 s after the mouse leaves it. */
const cartCloseDelay = 2000;

export const CartWidget = () => {
  const { lines, count, total, remove, setCount } = useCart();
  const settings = useShopSettings();
  const left = leftForFreeDelivery(total, settings);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(box, open, close);
  const entries = Object.entries(lines);

  return (
    <div
      className="cart"
      ref={box}
      onMouseLeave={() => open && (leaveTimer.current = setTimeout(close, cartCloseDelay))}
      onMouseEnter={() => clearTimeout(leaveTimer.current)}
    >
      <button type="button" className="cart__button" aria-expanded={open} aria-label={`Корзина: ${count} шт.`} onClick={() => setOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M6 7h12l-1 13H7L6 7Zm3 0a3 3 0 0 1 6 0" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {count > 0 && <span className="cart__badge" data-testid="cart-count">{count}</span>}
        {total > 0 && <span className="cart__dot" aria-hidden="true" />}
      </button>
      {open && (
        <>
          <div className="cart__overlay" onClick={close} aria-hidden="true" />
          <div className="cart__dropdown" role="region" aria-label="Корзина">
            {entries.length === 0 ? (
              <p className="muted">В корзине пока пусто</p>
            ) : (
              <ul className="cart__lines">
                {entries.map(([key, e]) => (
                  <li key={key} className="cart__line">
                    <img src={e.image} alt="" width="48" height="48" />
                    <span className="cart__info">
                      <span className="cart__name">
                        {e.name}
                        {e.letterSize ? ` (${e.letterSize})` : ''}
                      </span>
                      <span className="cart__unit">{formatRoubles(linePrice(e))} за шт.</span>
                    </span>
                    <button type="button" className="icon-button cart__remove" aria-label={`Удалить ${e.name}`} onClick={() => remove(key)}>
                      ×
                    </button>
                    <span className="cart__qty" role="group" aria-label={`Количество: ${e.name}`}>
                      <button type="button" className="cart__step" aria-label={`Меньше: ${e.name}`} disabled={e.count <= 1} onClick={() => setCount(key, e.count - 1)}>
                        −
                      </button>
                      <span className="cart__count" aria-live="polite">{e.count} шт.</span>
                      <button type="button" className="cart__step" aria-label={`Больше: ${e.name}`} disabled={e.count >= settings.maxUnitsPerProduct} onClick={() => setCount(key, e.count + 1)}>
                        +
                      </button>
                    </span>
                    <span className="cart__sum">{formatRoubles(lineSum(e))}</span>
                  </li>
                ))}
              </ul>
            )}
            {count > 0 && (
              <p className="cart__delivery" data-testid="free-delivery">
                {left > 0 ? `До бесплатной доставки по Москве — ещё ${formatRoubles(left)}` : 'Доставка по Москве — бесплатно'}
              </p>
            )}
            <footer className="cart__footer">
              <strong data-testid="cart-total">Итого: {formatNumber(total)} ₽</strong>
              {count > 0 ? (
                <Link to="/orders/create" className="button" onClick={close}>
                  Оформить заказ
                </Link>
              ) : (
                <span className="button button--disabled" aria-disabled="true">
                  Оформить заказ
                </span>
              )}
            </footer>
          </div>
        </>
      )}
    </div>
  );
};
