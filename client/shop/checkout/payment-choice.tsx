import { onlineMethods, type OnlineMethod } from '../../../schema/shop/online-payment';
import { Choice } from '../../ui/form-field';
import { useOnline } from '../../lib/use-online';
import { usePaymentOffer } from './pay-now';

interface PaymentChosen {
  /** What the customer intends to pay the courier or the studio with (the draft's `payment`). */
  payment: 'cash' | 'card';
  /** Set: pay now online, by this method. */
  payNow?: OnlineMethod;
}

/** The online choices' names on the checkout. */
const onlineLabels: Record<OnlineMethod, string> = { bank_card: 'Картой онлайн', sbp: 'СБП', sberbank: 'SberPay' };

/** The methods to pay online again with, on the thank-you page. */
export const OnlineMethodChoice = ({ value, onChange }: { value: OnlineMethod; onChange: (m: OnlineMethod) => void }) => (
  <div className="choices">
    {onlineMethods.map((m) => (
      <Choice key={m.id} name="pay-now" checked={value === m.id} onChange={() => onChange(m.id)}>{onlineLabels[m.id]}</Choice>
    ))}
  </div>
);

/**
 * The checkout's payment: «Оплатить сейчас» (card, СБП, SberPay) when the shop takes payments online and the device
 * is online, or «При получении» (cash, or a card to the courier or in the studio).
 */
export const PaymentChoice = ({ value, onChange, error }: { value: PaymentChosen; onChange: (v: PaymentChosen) => void; error?: string }) => {
  const offer = usePaymentOffer();
  const online = useOnline();
  const payNow = offer?.online && online ? value.payNow : undefined;
  return (
    <fieldset className="payment-choice">
      <legend>Оплата</legend>
      {offer?.online && (
        <>
          <p className="payment-choice__group">Оплатить сейчас</p>
          {online ? (
            <>
              <div className="choices">
                {onlineMethods.map((m) => (
                  <Choice key={m.id} name="payment" checked={payNow === m.id} onChange={() => onChange({ payment: 'card', payNow: m.id })}>{onlineLabels[m.id]}</Choice>
                ))}
              </div>
              {payNow && <p className="muted">Перейдёте на страницу ЮKassa и вернётесь сюда. Букеты ждут оплату {offer.holdMinutes} минут.</p>}
            </>
          ) : (
            <p className="muted" role="status">Оплатить онлайн можно, когда есть интернет. Без сети заказ уйдёт с оплатой при получении.</p>
          )}
        </>
      )}
      <p className="payment-choice__group">При получении</p>
      <div className="choices">
        <Choice name="payment" checked={!payNow && value.payment === 'cash'} onChange={() => onChange({ payment: 'cash' })}>Наличными</Choice>
        <Choice name="payment" checked={!payNow && value.payment === 'card'} onChange={() => onChange({ payment: 'card' })}>Картой курьеру или в студии</Choice>
      </div>
      <p className="field-error">{error ?? ''}</p>
    </fieldset>
  );
};

/** The online method the form will pay with now, if paying now is possible at this moment. */
export const usePayNow = (chosen: PaymentChosen): OnlineMethod | undefined => {
  const offer = usePaymentOffer();
  const online = useOnline();
  return offer?.online && online ? chosen.payNow : undefined;
};
