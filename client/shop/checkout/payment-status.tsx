import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatRoubles } from '../../../schema/shared/money';
import type { OnlineMethod } from '../../../schema/shop/online-payment';
import type { PaymentAnswer } from '../../../schema/shop/pay-now';
import { ApiError } from '../../lib/api';
import { checkPayment, goToProvider, payOnDelivery, startPayment } from './pay-now';
import { OnlineMethodChoice } from './payment-choice';
import './payment-status.css';
import { orderTitle } from '../../../schema/studio/orders/order-number';

/** The provider confirms a payment within seconds: the page asks again a few times, then leaves it to a button. */
const checksWhilePending = 10;
const checkEveryMs = 3000;

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * The thank-you page of an order paid online, back from the provider: paid, still waiting, or not paid — then the
 * customer pays again (any method) or pays on delivery. What it shows is the server's reading of the provider.
 */
export const PaymentStatus = ({ order }: { order: string }) => {
  const [answer, setAnswer] = useState<PaymentAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState<OnlineMethod>('bank_card');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    void (async () => {
      for (let i = 0; i < checksWhilePending && live; i++) {
        try {
          const a = await checkPayment(order);
          if (!live) return;
          setAnswer(a);
          setError('');
          if (a.order.online) setMethod(a.order.online.method);
          if (a.state !== 'pending') return;
        } catch (e) {
          if (live) setError(e instanceof ApiError ? e.message : String(e));
          return;
        }
        await new Promise((r) => setTimeout(r, checkEveryMs));
      }
    })();
    return () => {
      live = false;
    };
  }, [order, round]);

  const act = async (what: () => Promise<PaymentAnswer>) => {
    setBusy(true);
    setError('');
    try {
      const a = await what();
      if (a.confirmationUrl && a.state === 'pending') return goToProvider(a.confirmationUrl);
      setAnswer(a);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const o = answer?.order;
  const title = !o ? 'Проверяем оплату…' : {
    paid: `${orderTitle(o.number)} оплачен`,
    pending: `${orderTitle(o.number)} ждёт оплаты`,
    canceled: `${orderTitle(o.number)} не оплачен`,
    'on-delivery': `${orderTitle(o.number)} принят`,
    'order-cancelled': `${orderTitle(o.number)} отменён`,
  }[answer.state];
  return (
    <div className="page payment-status" data-state={answer?.state ?? 'checking'}>
      <h1>{title}</h1>
      {o && answer.state === 'paid' && <p>Спасибо! Оплата {formatRoubles(o.paid?.amount ?? o.total)} получена. Флорист позвонит, чтобы подтвердить заказ.</p>}
      {o && answer.state === 'pending' && (
        <>
          <p>Платёжный сервис ещё не подтвердил оплату. Страница проверит сама; если вы закрыли страницу оплаты, оплатите ещё раз.</p>
          <div className="payment-status__actions">
            <button type="button" className="button" disabled={busy} onClick={() => setRound((n) => n + 1)}>Проверить ещё раз</button>
          </div>
        </>
      )}
      {o && answer.state === 'canceled' && (
        <>
          <p>
            Оплата не прошла, деньги не списаны. Букеты ждут вас до {timeFormat.format(new Date(o.online?.until ?? Date.now()))}: оплатите ещё раз или
            оплатите при получении.
          </p>
          <OnlineMethodChoice value={method} onChange={setMethod} />
          <div className="payment-status__actions">
            <button type="button" className="button" disabled={busy} onClick={() => void act(() => startPayment(o.id, method))}>Оплатить ещё раз</button>
            <button type="button" className="button button--ghost" disabled={busy} onClick={() => void act(() => payOnDelivery(o.id))}>Оплатить при получении</button>
          </div>
        </>
      )}
      {o && answer.state === 'on-delivery' && <p>Оплата при получении — наличными или картой. Флорист позвонит, чтобы подтвердить заказ.</p>}
      {o && answer.state === 'order-cancelled' && <p>{o.cancelReason ?? 'Заказ отменён.'} Соберите корзину заново, чтобы заказать снова.</p>}
      {error && <p className="field-error" role="alert">{error}</p>}
      <p><Link to="/my">Мои заказы</Link> · <Link to="/">На главную</Link></p>
    </div>
  );
};
