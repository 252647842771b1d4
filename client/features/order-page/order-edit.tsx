import { useState, type FormEvent } from 'react';
import { deliverySlots, type Order } from '../../../schema/order';
import { orderAction, type OrderAction } from '../../../schema/order-command';
import { formatPhone } from '../../../schema/phone';
import { seenUpdatedAt } from './projected-order';

type Send = (action: OrderAction) => Promise<void>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Lines (count, or 0 to take a line out), recipient, address, day, slot and postcard, while the order is not yet
 * being assembled. Only what changed is sent; the server reprices and moves stock, and refuses a stale edit.
 */
export const EditForm = ({ order, base, send, onDone }: { order: Order; base: Order; send: Send; onDone: () => void }) => {
  const [counts, setCounts] = useState(() => order.lines.map((l) => String(l.count)));
  const [name, setName] = useState(order.recipient.name);
  const [phone, setPhone] = useState(formatPhone(order.recipient.phone));
  const [method, setMethod] = useState(order.delivery.method);
  const [address, setAddress] = useState(order.delivery.method === 'courier' ? order.delivery.address : '');
  const [date, setDate] = useState(order.date);
  const [slot, setSlot] = useState<string>(order.slot);
  const [postcard, setPostcard] = useState(order.postcard);
  const [anonymous, setAnonymous] = useState(order.anonymous);
  const [comment, setComment] = useState(order.comment);
  const [error, setError] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = order.lines
      .map((l, i) => ({ id: l.id, count: Number(counts[i]), ...(l.letterSize ? { letterSize: l.letterSize } : {}) }))
      .filter((l) => l.count !== 0);
    const was = order.lines.map((l) => ({ id: l.id, count: l.count, ...(l.letterSize ? { letterSize: l.letterSize } : {}) }));
    const delivery = method === 'pickup' ? { method: 'pickup' as const } : { method: 'courier' as const, address: address.trim() };
    const recipient = { name: name.trim(), phone };
    const changed = {
      ...(same(lines, was) ? {} : { lines }),
      ...(recipient.name === order.recipient.name && formatPhone(order.recipient.phone) === phone ? {} : { recipient }),
      ...(same(delivery, order.delivery) ? {} : { delivery }),
      ...(date === order.date ? {} : { date }),
      ...(slot === order.slot ? {} : { slot }),
      ...(postcard === order.postcard ? {} : { postcard }),
      ...(anonymous === order.anonymous ? {} : { anonymous }),
      ...(comment === order.comment ? {} : { comment }),
    };
    if (!Object.keys(changed).length) return onDone();
    const parsed = orderAction.safeParse({ kind: 'edit', seenUpdatedAt: seenUpdatedAt(base), ...changed });
    if (!parsed.success) return setError(parsed.error.issues.map((i) => i.message).join('; '));
    void send(parsed.data).then(onDone);
  };

  return (
    <form className="form order-page__edit" onSubmit={submit} noValidate aria-label="Изменить заказ">
      <fieldset>
        <legend>Состав</legend>
        {order.lines.map((l, i) => (
          <label key={`${l.id}-${l.letterSize ?? ''}`} className="field field--inline">
            <input type="number" min={0} max={999} value={counts[i]} onChange={(e) => setCounts(counts.map((c, j) => (j === i ? e.target.value : c)))} />
            {l.name}
            {l.letterSize ? ` (${l.letterSize})` : ''}
          </label>
        ))}
        <p className="muted">0 — убрать позицию из заказа.</p>
      </fieldset>
      <label className="field">
        Получатель
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        Телефон получателя
        <input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </label>
      <label className="field">
        Доставка
        <select value={method} onChange={(e) => setMethod(e.target.value === 'pickup' ? 'pickup' : 'courier')}>
          <option value="courier">Курьером</option>
          <option value="pickup">Самовывоз</option>
        </select>
      </label>
      {method === 'courier' && (
        <label className="field">
          Адрес
          <input value={address} onChange={(e) => setAddress(e.target.value)} />
        </label>
      )}
      <label className="field">
        Дата
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <label className="field">
        Время
        <select value={slot} onChange={(e) => setSlot(e.target.value)}>
          {deliverySlots.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label className="field">
        Текст открытки
        <textarea value={postcard} maxLength={500} onChange={(e) => setPostcard(e.target.value)} />
      </label>
      <label className="field field--inline">
        <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
        Анонимная доставка
      </label>
      <label className="field">
        Комментарий
        <textarea value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form__buttons">
        <button type="button" className="button button--ghost" onClick={onDone}>
          Не менять
        </button>
        <button type="submit" className="button">
          Сохранить изменения
        </button>
      </div>
    </form>
  );
};
