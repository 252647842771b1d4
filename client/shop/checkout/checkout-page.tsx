import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatRoubles } from '../../../schema/shared/money';
import { firstDeliveryDay, lastDeliveryDay, openSlots, orderDraft, type OrderDraft } from '../../../schema/studio/orders/order';
import { noSlotReason } from '../../../schema/shop/no-slot-reason';
import type { ShopSettings } from '../../../schema/studio/site/shop-settings';
import { useLocal } from '../../data/local-data-context';
import { useShopSettings } from '../../data/shop-settings';
import { useStudioProfile } from '../../data/studio-profile';
import { submitPending } from '../../data/sync/outbox';
import { ApiError } from '../../lib/api';
import { PhoneInput } from '../../ui/phone-input';
import { useSession } from '../../shared/auth/session';
import { SignInDialog } from '../../shared/auth/sign-in-dialog';
import { useCart } from '../cart/use-cart';
import { draftFrom, inStep, useCheckoutForm, type CheckoutForm as Form } from './checkout-form';
import { checkForm, errorsAfterEdit, type FormErrors } from './form-errors';
import { OrderSummary, useOrderSums } from './order-summary';
import { CourierAddress, RecipientFieldset } from './recipient-fields';
import { PaymentChoice, usePayNow } from './payment-choice';
import { goToProvider, payFromCheckout } from './pay-now';
import './checkout.css';
import { Choice, Field } from '../../ui/form-field';

/** Shown to the customer; the server charges the same (schema/studio/orders/order.ts, the shop's settings, DECISIONS.md «Orders»). */
const deliveryNote = (address: string, s: ShopSettings) =>
  `Курьер по Москве в пределах МКАД — ${formatRoubles(s.deliveryPrice)}${s.freeDeliveryFrom ? `, от ${formatRoubles(s.freeDeliveryFrom)} — бесплатно` : ''}. Самовывоз из студии (${address}) — бесплатно.`;

/** The code dialog closed unanswered: the draft stays in the outbox (phone-confirmations.tsx shows it above the page). */
const payingNote = 'Заказ не оформлен: подтвердите телефон отправителя кодом из СМС — и перейдём к оплате.';
const waitingNote = 'Заказ сохранён на устройстве и ждёт подтверждения телефона: без кода из СМС он не уйдёт в студию. Нажмите «Оформить заказ» ещё раз, чтобы получить код.';

/**
 * The order form, for guests and signed-in customers alike. The draft is kept on the device first, so it is sent even
 * if the connection is gone. It belongs to the sender's phone: unless the session is that phone's, the phone is
 * confirmed by code before it is sent (at once online; offline it waits in the outbox, see phone-confirmations.tsx).
 */
const CheckoutForm = () => {
  const studio = useStudioProfile();
  const settings = useShopSettings();
  const { user } = useSession();
  const { data } = useLocal();
  const { lines, clear } = useCart();
  const navigate = useNavigate();
  const { form, change: changeForm, done } = useCheckoutForm(user);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  /** The sender's phone while its code is being asked for, and what then happens to the order. */
  const [confirming, setConfirming] = useState<{ phone: string; then: () => Promise<void>; paying: boolean } | null>(null);
  const slots = openSlots(form.date, new Date(), settings);
  // The form's first day was chosen before the device's settings were read: a closed day (or today, over) moves on.
  const firstDay = firstDeliveryDay(new Date(), settings);
  useEffect(() => {
    if (!form.slot && form.date < firstDay) changeForm({ date: firstDay });
  }, [firstDay, form.date, form.slot, changeForm]);
  const { goods, delivery } = useOrderSums(lines, form.method);
  // The studio changed the delivery price while this form was open: said beside the form, not only in the summary.
  const [openedWith] = useState(settings.deliveryPrice);
  const repriced = settings.deliveryPrice !== openedWith;
  const payNow = usePayNow(form);
  // Each message goes away as its field is corrected, not only on the next submit.
  const change = (part: Partial<Form>) => {
    changeForm(part);
    setErrors((shown) => errorsAfterEdit(shown, inStep({ ...form, ...part }), lines, settings));
  };

  // Confirming the phone signs the guest in, and their cart moves into the customer's (shop/cart): the cart
  // emptied after the order is the one in use by then, not the guest's this render saw.
  const clearCart = useRef(clear);
  clearCart.current = clear;
  const leave = async (search: { number?: number; phone?: string }) => {
    done();
    clearCart.current();
    await navigate({ to: '/orders/thank-you', search });
  };

  /** Sends the outbox of the session's phone, this draft among it. */
  const send = async (phone: string) => {
    await submitPending(data, phone);
    const saved = await data.shop.pendingOrders.findOne(form.draftId).exec();
    if (saved?.error) {
      // Refused by the server (an item sold out, a slot gone): the customer corrects the form and sends again.
      await saved.remove();
      return setErrors({ form: saved.error });
    }
    await leave(saved?.number ? { number: saved.number } : {});
  };

  /** Paying now needs the network: the order is placed by the same call that starts the payment, not via the outbox. */
  const pay = async (draft: OrderDraft, method: NonNullable<typeof payNow>) => {
    const next = await payFromCheckout(draft, method);
    done();
    clearCart.current();
    if (next.url) return goToProvider(next.url);
    await navigate({ to: '/orders/thank-you', search: { order: next.order } });
  };

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setErrors({ form: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const problems = checkForm(form, lines, settings);
    // The delivery price the customer sees goes with the draft: the server charges it or refuses (never another).
    const parsed = orderDraft.safeParse({ ...draftFrom(form, lines), deliveryPrice: delivery });
    if (!parsed.success || Object.keys(problems).length) return setErrors(problems);
    setErrors({});
    const draft = parsed.data;
    const sender = draft.sender.phone;
    const then = payNow ? () => pay(draft, payNow) : () => send(sender);
    return attempt(async () => {
      if (!payNow) await data.shop.pendingOrders.upsert({ ...draft, owner: sender, createdAt: Date.now() });
      if (user?.phone === sender) return then();
      if (payNow || navigator.onLine) return setConfirming({ phone: sender, then, paying: !!payNow });
      await leave({ phone: sender });
    });
  };

  const confirmed = () => {
    const next = confirming;
    setConfirming(null);
    if (next) void attempt(next.then);
  };
  const notConfirmed = () => {
    const paying = confirming?.paying;
    setConfirming(null);
    setErrors({ form: paying ? payingNote : waitingNote });
  };

  const invalid = (path: string) => !!errors[path];
  return (
    <>
      <form className="checkout__form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <fieldset>
          <legend>Отправитель</legend>
          <Field label="Имя отправителя" error={errors['sender.name']}>
            <input name="sender-name" autoComplete="name" value={form.sender.name} onChange={(e) => change({ sender: { ...form.sender, name: e.target.value } })} aria-invalid={invalid('sender.name')} maxLength={100} />
          </Field>
          <Field label="Телефон отправителя" error={errors['sender.phone']}>
            <PhoneInput name="sender-phone" value={form.sender.phone} onChange={(phone) => change({ sender: { ...form.sender, phone } })} invalid={invalid('sender.phone')} />
          </Field>
        </fieldset>
        <RecipientFieldset form={form} errors={errors} change={change} />
        <fieldset>
          <legend>Доставка</legend>
          <div className="choices">
            <Choice name="delivery" checked={form.method === 'courier'} onChange={() => change({ method: 'courier' })}>Курьером</Choice>
            <Choice name="delivery" checked={form.method === 'pickup'} onChange={() => change({ method: 'pickup' })}>Самовывоз из студии</Choice>
          </div>
          {form.method === 'courier' && <CourierAddress form={form} errors={errors} change={change} />}
          <p className="muted">{deliveryNote(studio.address, settings)}</p>
          {repriced && form.method === 'courier' && (
            <p className="checkout__repriced" role="status" data-testid="delivery-repriced">
              Стоимость доставки изменилась: теперь {delivery ? formatRoubles(delivery) : 'бесплатно'}, итого {formatRoubles(goods + delivery)}.
            </p>
          )}
          <div className="checkout__when">
            <Field label="Дата" error={errors.date}>
              <input type="date" name="date" value={form.date} min={firstDay} max={lastDeliveryDay(new Date(), settings)} onChange={(e) => change({ date: e.target.value, slot: '' })} aria-invalid={invalid('date')} />
            </Field>
            <Field label="Время" error={errors.slot}>
              <select name="slot" value={form.slot} onChange={(e) => change({ slot: e.target.value })} aria-invalid={invalid('slot')}>
                <option value="">{slots.length ? 'Выберите время' : noSlotReason(form.date, new Date(), settings)}</option>
                {slots.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Открытка и пожелания</legend>
          <Field label="Текст открытки" error={errors.postcard}>
            <textarea name="postcard" value={form.postcard} onChange={(e) => change({ postcard: e.target.value })} rows={3} maxLength={500} placeholder="Напишем от руки на открытке к букету" />
          </Field>
          <label className="choice">
            <input type="checkbox" name="anonymous" checked={form.anonymous} onChange={(e) => change({ anonymous: e.target.checked })} />
            <span>Анонимная доставка — не называть получателю отправителя</span>
          </label>
          <Field label="Комментарий к заказу" error={errors.comment}>
            <textarea name="comment" value={form.comment} onChange={(e) => change({ comment: e.target.value })} rows={3} maxLength={1000} placeholder="Например: позвонить получателю за час" />
          </Field>
        </fieldset>
        <PaymentChoice value={form} onChange={({ payment, payNow: method }) => change({ payment, payNow: method })} error={errors.payment} />
        <p className="field-error" role={errors.form || errors.lines ? 'alert' : undefined}>{errors.form ?? errors.lines ?? ''}</p>
        <button className="button button--big" disabled={busy}>{busy ? 'Отправляем…' : payNow ? 'Оформить и оплатить' : 'Оформить заказ'}</button>
      </form>
      {confirming && <SignInDialog confirm={confirming.phone} onSignedIn={confirmed} onClose={notConfirmed} />}
      <OrderSummary lines={lines} method={form.method} />
    </>
  );
};

/** /orders/create. */
export const CheckoutPage = () => {
  const { lines } = useCart();
  if (!Object.keys(lines).length) {
    return (
      <div className="page">
        <h1>Оформление заказа</h1>
        <p>Корзина пуста. <Link to="/items">Перейти в каталог</Link></p>
      </div>
    );
  }
  return (
    <div className="page checkout">
      <h1>Оформление заказа</h1>
      <div className="checkout__layout"><CheckoutForm /></div>
    </div>
  );
};
