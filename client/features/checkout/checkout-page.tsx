import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatRoubles } from '../../../schema/money';
import { deliveryPrice, firstDeliveryDay, freeDeliveryFrom, lastDeliveryDay, openSlots, orderDraft } from '../../../schema/order';
import type { User } from '../../../schema/user';
import { useLocal } from '../../data/local-data-context';
import { submitPending } from '../../data/sync/outbox';
import { ApiError } from '../../lib/api';
import { PhoneInput } from '../../ui/phone-input';
import { useSession } from '../auth/session';
import { SignInDialog } from '../auth/sign-in-dialog';
import { studio } from '../layout/contacts';
import { useCart } from '../cart/use-cart';
import { draftFrom, useCheckoutForm, type CheckoutForm as Form } from './checkout-form';
import { checkForm, errorsAfterEdit, type FormErrors } from './form-errors';
import { OrderSummary } from './order-summary';
import { PaymentChoice, usePayNow } from './payment-choice';
import { goToProvider, payFromCheckout } from './pay-now';
import './checkout.css';
import { Choice, Field } from '../../ui/form-field';

/** Shown to the customer; the server charges the same (schema/order.ts, DECISIONS.md «Orders»). */
const deliveryNote = `Курьер по Москве в пределах МКАД — ${formatRoubles(deliveryPrice)}, от ${formatRoubles(freeDeliveryFrom)} — бесплатно. Самовывоз из студии (${studio.address}) — бесплатно.`;


/** The order form of a signed-in customer. The draft is kept on the device first, so it is sent even if the connection is gone. */
const CheckoutForm = ({ user }: { user: User }) => {
  const { data } = useLocal();
  const { lines, clear } = useCart();
  const navigate = useNavigate();
  const { form, change: changeForm, done } = useCheckoutForm(user);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const slots = openSlots(form.date);
  const payNow = usePayNow(form);
  // Each message goes away as its field is corrected, not only on the next submit.
  const change = (part: Partial<Form>) => {
    changeForm(part);
    setErrors((shown) => errorsAfterEdit(shown, { ...form, ...part }, lines));
  };

  const submit = async () => {
    const problems = checkForm(form, lines);
    const parsed = orderDraft.safeParse(draftFrom(form, lines));
    if (!parsed.success || Object.keys(problems).length) return setErrors(problems);
    setErrors({});
    setBusy(true);
    try {
      if (payNow) {
        // Paying now needs the network: the order is placed by the same call that starts the payment, not via the outbox.
        const next = await payFromCheckout(parsed.data, payNow);
        done();
        clear();
        if (next.url) return goToProvider(next.url);
        return void (await navigate({ to: '/orders/thank-you', search: { order: next.order } }));
      }
      await data.shop.pendingOrders.upsert({ ...parsed.data, owner: user.phone, createdAt: Date.now() });
      await submitPending(data, user.phone);
      const saved = await data.shop.pendingOrders.findOne(form.draftId).exec();
      if (saved?.error) {
        // Refused by the server (an item sold out, a slot gone): the customer corrects the form and sends again.
        await saved.remove();
        return setErrors({ form: saved.error });
      }
      done();
      clear();
      await navigate({ to: '/orders/thank-you', search: saved?.number ? { number: saved.number } : {} });
    } catch (e) {
      setErrors({ form: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
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
        <fieldset>
          <legend>Получатель</legend>
          <Field label="Имя получателя" error={errors['recipient.name']}>
            <input name="recipient-name" value={form.recipient.name} onChange={(e) => change({ recipient: { ...form.recipient, name: e.target.value } })} aria-invalid={invalid('recipient.name')} maxLength={100} />
          </Field>
          <Field label="Телефон получателя" error={errors['recipient.phone']}>
            <PhoneInput name="recipient-phone" value={form.recipient.phone} onChange={(phone) => change({ recipient: { ...form.recipient, phone } })} invalid={invalid('recipient.phone')} />
          </Field>
        </fieldset>
        <fieldset>
          <legend>Доставка</legend>
          <div className="choices">
            <Choice name="delivery" checked={form.method === 'courier'} onChange={() => change({ method: 'courier' })}>Курьером</Choice>
            <Choice name="delivery" checked={form.method === 'pickup'} onChange={() => change({ method: 'pickup' })}>Самовывоз из студии</Choice>
          </div>
          {form.method === 'courier' && (
            <Field label="Адрес доставки" error={errors['delivery.address']}>
              <input name="address" autoComplete="street-address" placeholder="Улица, дом, квартира, подъезд, этаж" value={form.address} onChange={(e) => change({ address: e.target.value })} aria-invalid={invalid('delivery.address')} maxLength={300} />
            </Field>
          )}
          <p className="muted">{deliveryNote}</p>
          <div className="checkout__when">
            <Field label="Дата" error={errors.date}>
              <input type="date" name="date" value={form.date} min={firstDeliveryDay()} max={lastDeliveryDay()} onChange={(e) => change({ date: e.target.value, slot: '' })} aria-invalid={invalid('date')} />
            </Field>
            <Field label="Время" error={errors.slot}>
              <select name="slot" value={form.slot} onChange={(e) => change({ slot: e.target.value })} aria-invalid={invalid('slot')}>
                <option value="">{slots.length ? 'Выберите время' : 'На этот день уже не успеем'}</option>
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
      <OrderSummary lines={lines} method={form.method} />
    </>
  );
};

/** A guest sees what is in the cart and signs in right here; the cart and the page stay as they are. */
const SignInFirst = () => {
  const { lines } = useCart();
  const [signingIn, setSigningIn] = useState(false);
  return (
    <>
      <div className="checkout__sign-in">
        <p>Войдите по номеру телефона — пришлём код в СМС. Так вы увидите статус заказа в личном кабинете, а флорист сможет с вами связаться.</p>
        <button type="button" className="button button--big" onClick={() => setSigningIn(true)}>Войти и оформить заказ</button>
        {signingIn && <SignInDialog onClose={() => setSigningIn(false)} />}
      </div>
      <OrderSummary lines={lines} method="courier" />
    </>
  );
};

/** /orders/create. */
export const CheckoutPage = () => {
  const { user } = useSession();
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
      <div className="checkout__layout">{user ? <CheckoutForm user={user} /> : <SignInFirst />}</div>
    </div>
  );
};
