import { useState, type ReactNode } from 'react';
import { IMaskInput } from 'react-imask';
import { Link, useNavigate } from '@tanstack/react-router';
import type { z } from 'zod';
import { today } from '../../../schema/day';
import { formatNumber, formatRoubles } from '../../../schema/money';
import { deliveryPrice, deliverySlots, freeDeliveryFrom, orderDraft } from '../../../schema/order';
import { formatPhone, phoneMask } from '../../../schema/phone';
import { useLocal } from '../../data/local-data-context';
import { ApiError } from '../../lib/api';
import { randomId } from '../../lib/random-id';
import { useSession } from '../auth/session';
import { useCart } from '../cart/use-cart';
import { submitPending } from '../../data/sync/outbox';

/** Shown to the customer; the server charges the same (server/api/orders.ts, DECISIONS.md «Orders»). */
const deliveryNote = `Курьер по Москве в пределах МКАД — ${formatRoubles(deliveryPrice)}, от ${formatRoubles(freeDeliveryFrom)} — бесплатно. Самовывоз из студии — бесплатно.`;

type Errors = Record<string, string>;

/** zod issues by field path ('sender.phone', 'delivery.address'), the first message of each. */
export const fieldErrors = (issues: { path: PropertyKey[] | string; message: string }[]): Errors => {
  const out: Errors = {};
  for (const i of issues) {
    const key = Array.isArray(i.path) ? i.path.join('.') : String(i.path);
    out[key] ??= i.message;
  }
  return out;
};

const Field = ({ label, error, children }: { label: string; error?: string; children: ReactNode }) => (
  <label className="field">
    <span>{label}</span>
    {children}
    <span className="field-error" role={error ? 'alert' : undefined}>{error ?? ''}</span>
  </label>
);

const PhoneInput = ({ value, onChange, invalid, name }: { value: string; onChange: (v: string) => void; invalid: boolean; name: string }) => (
  <IMaskInput mask={phoneMask} placeholder="+7 (___) ___-__-__" value={value} onAccept={(v: string) => onChange(v)} inputMode="tel" name={name} aria-invalid={invalid} />
);

/** /orders/create: the order form. The draft is kept on the device first, so it is sent even if the connection is gone. */
export const CheckoutPage = () => {
  const { user } = useSession();
  const { data } = useLocal();
  const { lines, total, clear } = useCart();
  const navigate = useNavigate();
  const [draftId] = useState(() => randomId(16));
  const [sender, setSender] = useState({ name: user?.name ?? '', phone: user ? formatPhone(user.phone) : '' });
  const [recipient, setRecipient] = useState({ name: '', phone: '' });
  const [method, setMethod] = useState<'courier' | 'pickup'>('courier');
  const [address, setAddress] = useState('');
  const [date, setDate] = useState(() => today());
  const [slot, setSlot] = useState('');
  const [postcard, setPostcard] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [comment, setComment] = useState('');
  const [payment, setPayment] = useState<'cash' | 'card'>('cash');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const entries = Object.entries(lines);
  if (!user) {
    return (
      <div className="page">
        <h1>Оформление заказа</h1>
        <p>Чтобы оформить заказ, войдите по номеру телефона — кнопка «Войти» вверху страницы. Корзина сохранится.</p>
      </div>
    );
  }
  if (!entries.length) {
    return (
      <div className="page">
        <h1>Оформление заказа</h1>
        <p>Корзина пуста. <Link to="/items">Перейти в каталог</Link></p>
      </div>
    );
  }

  const submit = async () => {
    const candidate = {
      id: draftId,
      lines: entries.map(([, e]) => ({ id: e.id, count: e.count, ...(e.letterSize ? { letterSize: e.letterSize } : {}) })),
      sender,
      recipient,
      delivery: method === 'pickup' ? { method } : { method, address },
      date,
      slot: slot || undefined,
      postcard,
      anonymous,
      comment,
      payment,
    };
    const parsed = orderDraft.safeParse(candidate);
    if (!parsed.success) return setErrors(fieldErrors((parsed.error as z.ZodError).issues));
    if (parsed.data.date < today()) return setErrors({ date: 'Выберите сегодняшний или более поздний день' });
    setErrors({});
    setBusy(true);
    try {
      await data.shop.pendingOrders.upsert({ ...parsed.data, owner: user.phone, createdAt: Date.now() });
      await submitPending(data, user.phone);
      const saved = await data.shop.pendingOrders.findOne(draftId).exec();
      if (saved?.error) {
        // Refused by the server (an item sold out, a past date): the customer corrects the form and sends again.
        await saved.remove();
        return setErrors({ form: saved.error });
      }
      clear();
      await navigate({ to: '/orders/thank-you', search: saved?.number ? { number: saved.number } : {} });
    } catch (e) {
      setErrors({ form: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page checkout">
      <h1>Оформление заказа</h1>
      <ul className="cart__lines">
        {entries.map(([key, e]) => (
          <li key={key} className="cart__line">
            <img src={e.image} alt="" width="48" height="48" />
            <span className="cart__name">{e.name}{e.letterSize ? ` (${e.letterSize})` : ''}</span>
            <span>{e.count} шт.</span>
            <span>{formatRoubles(Math.round(e.count * (e.discountPrice || e.price) * (e.priceFactor ?? 1)))}</span>
          </li>
        ))}
      </ul>
      <p><strong>Товары: {formatNumber(total)} ₽</strong> — цены уточнятся по каталогу при отправке.</p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <fieldset className="form">
          <legend>Отправитель</legend>
          <Field label="Имя отправителя" error={errors['sender.name']}>
            <input name="sender-name" value={sender.name} onChange={(e) => setSender({ ...sender, name: e.target.value })} aria-invalid={!!errors['sender.name']} maxLength={100} />
          </Field>
          <Field label="Телефон отправителя" error={errors['sender.phone']}>
            <PhoneInput name="sender-phone" value={sender.phone} onChange={(phone) => setSender((s) => ({ ...s, phone }))} invalid={!!errors['sender.phone']} />
          </Field>
        </fieldset>
        <fieldset className="form">
          <legend>Получатель</legend>
          <Field label="Имя получателя" error={errors['recipient.name']}>
            <input name="recipient-name" value={recipient.name} onChange={(e) => setRecipient({ ...recipient, name: e.target.value })} aria-invalid={!!errors['recipient.name']} maxLength={100} />
          </Field>
          <Field label="Телефон получателя" error={errors['recipient.phone']}>
            <PhoneInput name="recipient-phone" value={recipient.phone} onChange={(phone) => setRecipient((r) => ({ ...r, phone }))} invalid={!!errors['recipient.phone']} />
          </Field>
        </fieldset>
        <fieldset className="form">
          <legend>Доставка</legend>
          <label className="field--inline"><input type="radio" name="delivery" checked={method === 'courier'} onChange={() => setMethod('courier')} /> Курьером</label>
          <label className="field--inline"><input type="radio" name="delivery" checked={method === 'pickup'} onChange={() => setMethod('pickup')} /> Самовывоз из студии</label>
          {method === 'courier' && (
            <Field label="Адрес доставки" error={errors['delivery.address']}>
              <input name="address" value={address} onChange={(e) => setAddress(e.target.value)} aria-invalid={!!errors['delivery.address']} maxLength={300} />
            </Field>
          )}
          <p>{deliveryNote}</p>
          <Field label="Дата доставки" error={errors.date}>
            <input type="date" name="date" value={date} min={today()} onChange={(e) => setDate(e.target.value)} aria-invalid={!!errors.date} />
          </Field>
          <Field label="Время доставки" error={errors.slot}>
            <select name="slot" value={slot} onChange={(e) => setSlot(e.target.value)} aria-invalid={!!errors.slot}>
              <option value="">Выберите время</option>
              {deliverySlots.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </Field>
        </fieldset>
        <Field label="Текст открытки" error={errors.postcard}>
          <textarea name="postcard" value={postcard} onChange={(e) => setPostcard(e.target.value)} rows={3} />
        </Field>
        <label className="field--inline"><input type="checkbox" name="anonymous" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} /> Анонимная доставка (не называть отправителя)</label>
        <Field label="Комментарий" error={errors.comment}>
          <textarea name="comment" value={comment} onChange={(e) => setComment(e.target.value)} rows={3} />
        </Field>
        <fieldset className="form">
          <legend>Оплата при получении</legend>
          <label className="field--inline"><input type="radio" name="payment" checked={payment === 'cash'} onChange={() => setPayment('cash')} /> Наличными</label>
          <label className="field--inline"><input type="radio" name="payment" checked={payment === 'card'} onChange={() => setPayment('card')} /> Картой курьеру или в студии</label>
          <p className="field-error">{errors.payment ?? ''}</p>
        </fieldset>
        <p className="field-error" role={errors.form || errors.lines ? 'alert' : undefined}>{errors.form ?? errors.lines ?? ''}</p>
        <button className="button" disabled={busy}>Оформить заказ</button>
      </form>
    </div>
  );
};
