import { useMemo, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { formatRoubles } from '../../../schema/money';
import { paymentMethods } from '../../../schema/order';
import { noSlotReason } from '../../../schema/no-slot-reason';
import { refChoices } from '../../../schema/entities/ref';
import { useRefList } from '../../data/ref-list';
import { studioOrderDraft } from '../../../schema/order-command';
import { unitPrice, type Product } from '../../../schema/product';
import { letterSize, sizes } from '../../../schema/size';
import { today } from '../../../schema/day';
import type { User } from '../../../schema/user';
import { useLocal } from '../../data/local-data-context';
import { useCatalogue } from '../../data/catalogue';
import { sendOrderCommand } from '../../data/order-commands';
import { randomId } from '../../lib/random-id';
import { PhoneInput } from '../../ui/phone-input';
import { useSession } from '../../shared/auth/session';
import { useShopSettings } from '../../data/shop-settings';
import { addLine, blankCounterSale, blankStudioForm, studioSlots, budgetChoices, checkStudioForm, previewTotal, studioCommands, studioDraftFrom, type StudioForm, type StudioFormErrors } from './studio-order-form';
import { provisionalMark, useProvisionalOrders, type ProvisionalOrder } from './provisional-orders';
import { useKnownCustomer } from './known-customer';
import { prefilled, type NewOrderSearch } from './new-order-search';
import './studio-order.css';
import { Choice, Field } from '../../ui/form-field';
import { ProductPicker } from '../../ui/product-picker';
import { useOnline } from '../../lib/use-online';
import { orderTitle } from '../../../schema/order-number';


/** «Букет на сумму»: the customer names a budget; a catalogue bouquet that fits stands for the line. */
const BudgetPicker = ({ products, onPick }: { products: Product[]; onPick: (p: Product, budget: number) => void }) => {
  const [budget, setBudget] = useState('');
  const amount = Number(budget.replace(/\s/g, '')) || 0;
  const choices = budgetChoices(products, amount);
  return (
    <div className="studio-order__picker">
      <Field label="Букет на сумму, ₽">
        <input name="budget" inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value.replace(/[^\d\s]/g, ''))} placeholder="Например, 5000" />
      </Field>
      {amount > 0 && !choices.length && <p className="muted">В каталоге нет букета до {formatRoubles(amount)}.</p>}
      <ul className="studio-order__found">
        {choices.map((p) => (
          <li key={p.id}>
            <span>{p.name}</span>
            <span>{formatRoubles(unitPrice(p))}</span>
            <button type="button" className="button button--ghost" aria-label={`На сумму: ${p.name}`} onClick={() => (onPick(p, amount), setBudget(''))}>
              Выбрать
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};

const Lines = ({ form, byId, change }: { form: StudioForm; byId: Map<string, Product>; change: (part: Partial<StudioForm>) => void }) => {
  const set = (i: number, part: Partial<StudioForm['lines'][number]>) => change({ lines: form.lines.map((l, j) => (j === i ? { ...l, ...part } : l)) });
  if (!form.lines.length) return <p className="muted">Пока ничего не выбрано.</p>;
  return (
    <ul className="studio-order__lines">
      {form.lines.map((l, i) => {
        const p = byId.get(l.id);
        return (
          <li key={`${i}-${l.id}`}>
            <span>
              {p?.name ?? l.id}
              {l.budget ? <span className="muted"> — букет на сумму {formatRoubles(l.budget)}</span> : null}
            </span>
            {p?.sizable && (
              <select aria-label={`Размер: ${p.name}`} value={l.letterSize ?? 'M'} onChange={(e) => set(i, { letterSize: letterSize.catch('M').parse(e.target.value) })}>
                {sizes.map((s) => <option key={s.id} value={s.id}>{s.id}</option>)}
              </select>
            )}
            <input type="number" min={1} max={999} aria-label={`Количество: ${p?.name ?? l.id}`} value={l.count} onChange={(e) => set(i, { count: Math.max(1, Math.min(999, Math.trunc(Number(e.target.value)) || 1)) })} />
            <button type="button" className="link-button" onClick={() => change({ lines: form.lines.filter((_, j) => j !== i) })}>
              Убрать
            </button>
          </li>
        );
      })}
    </ul>
  );
};

/** What became of the order just taken: its provisional mark, then its number. */
const Taken = ({ order, online, onNext, counter }: { order: ProvisionalOrder | undefined; online: boolean; onNext: () => void; counter: boolean }) => (
  <section className="studio-order__taken" aria-live="polite">
    <h2>{counter ? 'Продажа записана' : 'Заказ принят'}</h2>
    <p>
      {order ? (
        order.state === 'numbered' ? (
          <Link to="/admin/$resource/$id" params={{ resource: 'orders', id: String(order.number) }}>{orderTitle(order.number)}</Link>
        ) : (
          <strong className={order.state === 'refused' ? 'field-error' : 'studio-order__provisional'}>{provisionalMark(order, online)}</strong>
        )
      ) : (
        'Сохраняем…'
      )}
    </p>
    <button type="button" className="button" onClick={onNext}>{counter ? 'Ещё продажа' : 'Принять ещё заказ'}</button>
  </section>
);

/**
 * `counter`: a counter sale (source «Витрина», taken away today, paid now): only the buyer, the bouquets and how they paid.
 * `start`: who the first order starts with (the address of /admin/orders/new, from a client's card).
 */
const NewOrderForm = ({ user, counter = false, start = {} }: { user: User; counter?: boolean; start?: NewOrderSearch }) => {
  const blank = counter ? blankCounterSale : blankStudioForm;
  const { data } = useLocal();
  const products = useCatalogue();
  const settings = useShopSettings();
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const provisional = useProvisionalOrders();
  const online = useOnline();
  const [form, setForm] = useState(() => prefilled(blank(randomId(16)), start));
  const sources = refChoices(useRefList('order-source'), form.source, ['site']);
  const [errors, setErrors] = useState<StudioFormErrors>({});
  const [taken, setTaken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<StudioForm>) => {
    const next = { ...form, ...part };
    setForm(next);
    // A shown message goes as soon as its field is right.
    if (Object.keys(errors).length) {
      const now = checkStudioForm(next, new Date(), settings);
      setErrors(Object.fromEntries(Object.keys(errors).flatMap((k) => (k === 'form' ? [[k, errors[k]]] : now[k] ? [[k, now[k]]] : []))));
    }
  };
  const known = useKnownCustomer(data.shop.orders, form.customer.phone);
  const slots = studioSlots(form.date, new Date(), settings);
  const preview = previewTotal(form, byId, settings);
  const invalid = (path: string) => !!errors[path];

  const submit = async () => {
    const problems = checkStudioForm(form, new Date(), settings);
    const parsed = studioOrderDraft.safeParse(studioDraftFrom(form, byId));
    if (!parsed.success || Object.keys(problems).length) return setErrors(problems);
    setErrors({});
    setBusy(true);
    try {
      // Written on the device first: offline it waits there, and the office sync sends it once the network is back.
      for (const action of studioCommands(parsed.data, form)) await sendOrderCommand(data.shop.office, user.phone, parsed.data.id, action);
      setTaken(parsed.data.id);
    } catch (e) {
      setErrors({ form: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  if (taken)
    return (
      <Taken
        order={provisional?.find((o) => o.id === taken)}
        online={online}
        counter={counter}
        onNext={() => {
          setForm(blank(randomId(16)));
          setTaken(null);
        }}
      />
    );

  return (
    <form className="studio-order__form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {!counter && (
        <fieldset>
          <legend>Откуда заказ</legend>
          <div className="choices">
            {sources.map(({ code, label }) => (
              <Choice key={code} name="source" checked={form.source === code} onChange={() => change({ source: code })}>{label}</Choice>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset>
        <legend>{counter ? 'Покупатель' : 'Заказчик'}</legend>
        <Field label="Телефон заказчика" error={errors['customer.phone']}>
          <PhoneInput name="customer-phone" value={form.customer.phone} onChange={(phone) => change({ customer: { ...form.customer, phone } })} invalid={invalid('customer.phone')} />
        </Field>
        {known && (
          <p className="studio-order__known" role="status">
            Клиент уже заказывал ({known.orders}): {known.name}
            {known.name !== form.customer.name && (
              <>
                {' '}
                <button type="button" className="link-button" onClick={() => change({ customer: { ...form.customer, name: known.name }, ...(known.lastAddress && !form.address ? { address: known.lastAddress } : {}) })}>
                  Подставить
                </button>
              </>
            )}
          </p>
        )}
        <Field label="Имя заказчика" error={errors['customer.name']}>
          <input name="customer-name" value={form.customer.name} onChange={(e) => change({ customer: { ...form.customer, name: e.target.value } })} aria-invalid={invalid('customer.name')} maxLength={100} />
        </Field>
      </fieldset>
      {!counter && (
        <fieldset>
          <legend>Получатель</legend>
          <label className="choice">
            <input type="checkbox" name="self-recipient" checked={form.selfRecipient} onChange={(e) => change({ selfRecipient: e.target.checked })} />
            <span>Получатель — сам заказчик</span>
          </label>
          {!form.selfRecipient && (
            <>
              <Field label="Имя получателя" error={errors['recipient.name']}>
                <input name="recipient-name" value={form.recipient.name} onChange={(e) => change({ recipient: { ...form.recipient, name: e.target.value } })} aria-invalid={invalid('recipient.name')} maxLength={100} />
              </Field>
              <Field label="Телефон получателя" error={errors['recipient.phone']}>
                <PhoneInput name="recipient-phone" value={form.recipient.phone} onChange={(phone) => change({ recipient: { ...form.recipient, phone } })} invalid={invalid('recipient.phone')} />
              </Field>
            </>
          )}
        </fieldset>
      )}
      <fieldset>
        <legend>Состав заказа</legend>
        <ProductPicker products={products} onPick={(p) => change({ lines: addLine(form.lines, { id: p.id, count: 1 }) })} />
        <BudgetPicker products={products} onPick={(p, budget) => change({ lines: addLine(form.lines, { id: p.id, count: 1, budget }) })} />
        <Lines form={form} byId={byId} change={change} />
        <p className="field-error" role={errors.lines ? 'alert' : undefined}>{errors.lines ?? ''}</p>
        <p className="studio-order__preview">
          Предварительно: {formatRoubles(preview.goods)}
          {preview.delivery ? ` + доставка ${formatRoubles(preview.delivery)}` : ''} = <strong>{formatRoubles(preview.total)}</strong>
          <span className="muted"> (сумму считает сервер по каталогу)</span>
        </p>
      </fieldset>
      {!counter && (
        <>
          <fieldset>
            <legend>Доставка</legend>
            <div className="choices">
              <Choice name="delivery" checked={form.method === 'courier'} onChange={() => change({ method: 'courier' })}>Курьером</Choice>
              <Choice name="delivery" checked={form.method === 'pickup'} onChange={() => change({ method: 'pickup' })}>Самовывоз</Choice>
            </div>
            {form.method === 'courier' && (
              <Field label="Адрес доставки" error={errors['delivery.address']}>
                <input name="address" value={form.address} onChange={(e) => change({ address: e.target.value })} aria-invalid={invalid('delivery.address')} maxLength={300} placeholder="Улица, дом, квартира, подъезд, этаж" />
              </Field>
            )}
            <div className="studio-order__when">
              <Field label="Дата" error={errors.date}>
                <input type="date" name="date" value={form.date} min={today()} onChange={(e) => change({ date: e.target.value || today(), slot: '' })} aria-invalid={invalid('date')} />
              </Field>
              <Field label="Время" error={errors.slot}>
                <select name="slot" value={form.slot} onChange={(e) => change({ slot: e.target.value })} aria-invalid={invalid('slot')}>
                  <option value="">{slots.length ? 'Выберите время' : 'Нет свободного времени'}</option>
                  {slots.map((s) => <option key={s} value={s}>{s}</option>)}
                </select>
              </Field>
              {!slots.length && (
                <p className="studio-order__no-slot" role="status">
                  {noSlotReason(form.date, new Date(), settings)}
                </p>
              )}
            </div>
          </fieldset>
          <fieldset>
            <legend>Открытка и пожелания</legend>
            <Field label="Текст открытки" error={errors.postcard}>
              <textarea name="postcard" value={form.postcard} onChange={(e) => change({ postcard: e.target.value })} rows={3} maxLength={500} />
            </Field>
            <label className="choice">
              <input type="checkbox" name="anonymous" checked={form.anonymous} onChange={(e) => change({ anonymous: e.target.checked })} />
              <span>Анонимная доставка — не называть получателю отправителя</span>
            </label>
            <Field label="Комментарий" error={errors.comment}>
              <textarea name="comment" value={form.comment} onChange={(e) => change({ comment: e.target.value })} rows={2} maxLength={900} />
            </Field>
          </fieldset>
        </>
      )}
      <fieldset>
        <legend>Оплата</legend>
        {!counter && (
          <label className="choice">
            <input type="checkbox" name="paid-now" checked={form.paidNow} onChange={(e) => change({ paidNow: e.target.checked })} />
            <span>Уже оплачен</span>
          </label>
        )}
        <div className="choices">
          {form.paidNow
            ? paymentMethods.map((m) => (
                <Choice key={m.id} name="paid-method" checked={form.paidMethod === m.id} onChange={() => change({ paidMethod: m.id })}>{m.label}</Choice>
              ))
            : (
              <>
                <Choice name="payment" checked={form.payment === 'cash'} onChange={() => change({ payment: 'cash' })}>Наличными при получении</Choice>
                <Choice name="payment" checked={form.payment === 'card'} onChange={() => change({ payment: 'card' })}>Картой при получении</Choice>
              </>
            )}
        </div>
        <p className="field-error">{errors.payment ?? ''}</p>
      </fieldset>
      {counter && (errors.slot || errors.date) && <p className="field-error" role="alert">{errors.slot ?? errors.date}</p>}
      <p className="field-error" role={errors.form ? 'alert' : undefined}>{errors.form ?? ''}</p>
      <button className="button button--big" disabled={busy}>{busy ? 'Сохраняем…' : counter ? 'Записать продажу' : 'Принять заказ'}</button>
      <Waiting orders={provisional} online={online} />
    </form>
  );
};

/** Orders taken here that the server has not numbered yet: they go as soon as there is a network. */
const Waiting = ({ orders, online }: { orders: ProvisionalOrder[] | null; online: boolean }) => {
  const waiting = (orders ?? []).filter((o) => o.state !== 'numbered');
  if (!waiting.length) return null;
  return (
    <section className="studio-order__waiting">
      <h2>Без номера</h2>
      <ul>
        {waiting.map((o) => (
          <li key={o.id}>
            {o.draft.customer.name}, {o.draft.date} {o.draft.slot}: <strong>{provisionalMark(o, online)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
};

/** /admin/orders/counter: a counter sale, open to florists (the route guards it; the server checks `isCounterSale`). */
export const CounterSalePage = () => {
  const { user } = useSession();
  return (
    <section className="studio-order">
      <h1>Продажа в студии</h1>
      <p><Link to="/admin/$resource" params={{ resource: 'orders' }}>← К заказам</Link></p>
      {user ? <NewOrderForm user={user} counter /> : null}
    </section>
  );
};

/** /admin/orders/new: an order taken by phone or at the counter (manager and above; the route guards it). */
export const NewOrderPage = () => {
  const { user } = useSession();
  const start = useSearch({ from: '/admin/orders/new' });
  return (
    <section className="studio-order">
      <h1>Новый заказ</h1>
      <p><Link to="/admin/$resource" params={{ resource: 'orders' }}>← К заказам</Link></p>
      {user ? <NewOrderForm user={user} start={start} /> : null}
    </section>
  );
};
