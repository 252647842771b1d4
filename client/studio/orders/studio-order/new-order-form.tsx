import { useMemo, useState } from 'react';
import { formatRoubles } from '../../../../schema/shared/money';
import { paymentMethods } from '../../../../schema/studio/orders/order';
import { noSlotReason } from '../../../../schema/shop/no-slot-reason';
import { refChoices } from '../../../../schema/entities/ref';
import { studioOrderDraft } from '../../../../schema/studio/orders/order-command';
import { today } from '../../../../schema/shared/day';
import type { User } from '../../../../schema/shared/user';
import { useRefList } from '../../../data/ref-list';
import { useLocal } from '../../../data/local-data-context';
import { useCatalogue } from '../../../data/catalogue';
import { newCommandId, sendOrderCommand } from '../../../data/order-commands';
import { writePayment } from '../../../data/counter-prints';
import { useShopSettings } from '../../../data/shop-settings';
import { randomId } from '../../../lib/random-id';
import { useOnline } from '../../../lib/use-online';
import { Choice, Field } from '../../../ui/form-field';
import { PhoneInput } from '../../../ui/phone-input';
import { ProductPicker } from '../../../ui/product-picker';
import { addLine, blankCounterSale, firstProblem, blankStudioForm, studioSlots, checkStudioForm, previewTotal, studioCommands, studioDraftFrom, type StudioForm, type StudioFormErrors } from './studio-order-form';
import { useProvisionalOrders } from './provisional-orders';
import { printIfServerAway } from './counter-print';
import { useKnownCustomer } from './known-customer';
import { prefilled, type NewOrderSearch } from './new-order-search';
import { BudgetPicker, Lines } from './order-lines';
import { Taken, Waiting } from './taken-orders';

/**
 * `counter`: a counter sale (source «Витрина», taken away today, paid now): only the buyer, the bouquets and how they paid.
 * `start`: who the first order starts with (the address of /admin/orders/new, from a client's card).
 */
export const NewOrderForm = ({ user, counter = false, start = {} }: { user: User; counter?: boolean; start?: NewOrderSearch }) => {
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
  // Whatever stops a sale is said beside the button that was pressed too, not only at its field (issue 29).
  const refusal = errors.form ?? (counter ? firstProblem(errors) : undefined);

  const submit = async () => {
    const problems = checkStudioForm(form, new Date(), settings);
    const parsed = studioOrderDraft.safeParse(studioDraftFrom(form, byId));
    if (!parsed.success || Object.keys(problems).length) return setErrors(problems);
    setErrors({});
    setBusy(true);
    try {
      const actions = studioCommands(parsed.data, form);
      const paid = actions.find((a) => a.kind === 'payment');
      const payment = paid && { id: newCommandId(parsed.data.id, paid), action: paid };
      // A counter sale, or an order paid at the counter, while the server is away: its receipt is printed by this device
      // (issue 30, item 2), decided before the payment's command is written, so the command says so (`printedHere`).
      const print = await printIfServerAway(parsed.data, payment, byId, settings).catch((e: unknown) => (console.warn('Чек продажи не поставлен в очередь кассы', e), null));
      // Written on the device: offline it waits there, and the office sync sends it once the network is back.
      for (const action of actions)
        if (action !== paid) await sendOrderCommand(data.shop.office, user.phone, parsed.data.id, action);
        else if (payment) await writePayment(data.shop.office, user.phone, parsed.data.id, payment, print, (e) => console.warn('Чек продажи не поставлен в очередь кассы', e));
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
        {counter && <p className="muted">Телефон и имя — только если покупатель хочет карту клиента; без них продажа тоже записывается.</p>}
        <Field label={counter ? 'Телефон покупателя (необязательно)' : 'Телефон заказчика'} error={errors['customer.phone']}>
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
        <Field label={counter ? 'Имя покупателя (необязательно)' : 'Имя заказчика'} error={errors['customer.name']}>
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
      <p className="field-error studio-order__refusal" role={refusal ? 'alert' : undefined}>{refusal ?? ''}</p>
      <button className="button button--big" disabled={busy}>{busy ? 'Сохраняем…' : counter ? 'Записать продажу' : 'Принять заказ'}</button>
      <Waiting orders={provisional} online={online} />
    </form>
  );
};
