import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../../schema/shared/phone';
import { PaymentStatus } from './payment-status';
import { orderTitle } from '../../../schema/studio/orders/order-number';

/**
 * /orders/thank-you: the number of an accepted order, or word that it waits on the device — for the connection, or
 * (a guest's order sent offline) for the code that confirms the sender's phone; with `order` (back from the payment
 * provider), that order's payment.
 */
export const ThankYouPage = ({ number, order, waitingFor }: { number?: number; order?: string; waitingFor?: string }) => order ? <PaymentStatus order={order} /> : (
  <div className="page">
    {number ? (
      <>
        <h1>{orderTitle(number)} принят</h1>
        <p>Флорист позвонит, чтобы подтвердить заказ. Статус можно смотреть в личном кабинете.</p>
      </>
    ) : waitingFor ? (
      <>
        <h1>Заказ ждёт подтверждения телефона</h1>
        <p>
          Нет связи с сервером. Заказ сохранён на этом устройстве: когда появится интернет, подтвердите номер {formatPhone(waitingFor)} кодом
          из СМС — и заказ уйдёт в студию. Без подтверждения он никуда не отправится.
        </p>
      </>
    ) : (
      <>
        <h1>Заказ сохранён</h1>
        <p>Нет связи с сервером: заказ ожидает отправки и уйдёт сам, как только появится интернет.</p>
      </>
    )}
    <p><Link to="/my">Мои заказы</Link> · <Link to="/">На главную</Link></p>
  </div>
);
