import { useState, type FormEvent } from 'react';
import { slotsOfDay, type Order } from '../../../../schema/studio/orders/order';
import { orderAction, type OrderAction } from '../../../../schema/studio/orders/order-command';
import { formatPhone } from '../../../../schema/shared/phone';
import { formatRoubles } from '../../../../schema/shared/money';
import { letterSize, sizes } from '../../../../schema/shop/size';
import type { Product } from '../../../../schema/shop/product';
import { useShopSettings } from '../../../data/shop-settings';
import { ProductPicker } from '../../../ui/product-picker';
import { addProduct, draftLines, editLinesOf, previewOf, type EditLine } from './edit-lines';
import { seenUpdatedAt } from './projected-order';
import { Money } from '../../../ui/money';

type Send = (action: OrderAction) => Promise<void>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The order's lines and the products added to them: count (0 takes a line out), a size for an added sizable product. */
const LinesEditor = ({ lines, setLines }: { lines: EditLine[]; setLines: (lines: EditLine[]) => void }) => {
  const set = (i: number, part: Partial<EditLine>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...part } : l)));
  return (
    <ul className="order-page__edit-lines">
      {lines.map((l, i) => (
        <li key={`${i}-${l.id}`}>
          <span>
            {l.name}
            {l.letterSize && !l.added?.sizable ? ` (${l.letterSize})` : ''}
            {l.added && <span className="muted"> — добавлен</span>}
          </span>
          {l.added?.sizable && (
            <select aria-label={`Размер: ${l.name}`} value={l.letterSize ?? 'M'} onChange={(e) => set(i, { letterSize: letterSize.catch('M').parse(e.target.value) })}>
              {sizes.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id}
                </option>
              ))}
            </select>
          )}
          <input type="number" min={0} max={999} aria-label={`Количество: ${l.name}${l.letterSize ? ` (${l.letterSize})` : ''}`} value={l.count} onChange={(e) => set(i, { count: e.target.value })} />
          {l.added && (
            <button type="button" className="link-button" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
              Убрать
            </button>
          )}
        </li>
      ))}
    </ul>
  );
};

/**
 * Lines (count, or 0 to take a line out; products added from the device's catalogue), recipient, address, day, slot and postcard, while the order is not yet
 * being assembled. Only what changed is sent; the server reprices and moves stock, and refuses a stale edit.
 */
export const EditForm = ({ order, base, products, send, onDone }: { order: Order; base: Order; products: Product[]; send: Send; onDone: () => void }) => {
  const [lines, setLines] = useState(() => editLinesOf(order));
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

  const settings = useShopSettings();
  const preview = previewOf(lines, method, settings);
  // The order's own slot stays a choice even if the settings no longer name it.
  const slotChoices = [...new Set([...slotsOfDay(settings), order.slot])];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = draftLines(lines);
    // «Уточнить адрес у получателя» stays until the studio types the address it learned.
    const stillAsking = order.delivery.method === 'courier' && order.delivery.askRecipient && address.trim() === order.delivery.address;
    const delivery = method === 'pickup' ? { method: 'pickup' as const } : { method: 'courier' as const, address: address.trim(), ...(stillAsking ? { askRecipient: true } : {}) };
    const recipient = { name: name.trim(), phone };
    const changed = {
      ...(same(typed, draftLines(editLinesOf(order))) ? {} : { lines: typed }),
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
        <LinesEditor lines={lines} setLines={setLines} />
        <p className="muted">0 — убрать позицию из заказа.</p>
        <ProductPicker products={products} label="Добавить из каталога" onPick={(p) => setLines(addProduct(lines, p))} />
        <p className="order-page__preview" aria-live="polite">
          Предварительно: <Money value={preview.goods} />
          {preview.delivery ? ` + доставка ${formatRoubles(preview.delivery)}` : ''} = <strong><Money value={preview.total} /></strong>
          <span className="muted"> (сумму считает сервер по каталогу)</span>
        </p>
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
          {slotChoices.map((s) => (
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
