import { useState, type FormEvent } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { lifecycle, rank, statusName, transitionIssue } from '../../../../schema/studio/orders/order-lifecycle';
import { orderStatus, paidMethods, paymentStatuses, type Order } from '../../../../schema/studio/orders/order';
import { mayCommand, type OrderAction } from '../../../../schema/studio/orders/order-command';
import { moneyRights, moneySummary, owed, paymentsOf, providerPaid, received, refundOutcome, staffCommandIssue, voidablePayment } from '../../../../schema/studio/orders/order-money';
import type { User } from '../../../../schema/shared/user';
import { formatPhone, phone as phoneSchema } from '../../../../schema/shared/phone';
import type { CourierChoice } from './use-order';
import { historyMoment, paymentText } from './order-labels';
import { ReasonForm } from './reason-form';
import { Money } from '../../../ui/money';

type Send = (action: OrderAction) => Promise<void>;

/** The status buttons: only the steps the lifecycle allows from where the order is; the next one stands out. */
export const StatusButtons = ({ order, send }: { order: Order; send: Send }) => {
  const legal = orderStatus.options.filter((s) => s !== order.status && s !== 'cancelled' && !transitionIssue(order.status, s));
  if (!legal.length) return null;
  const next = lifecycle[rank(order.status) + 1];
  return (
    <div className="order-page__status-buttons" role="group" aria-label="Сменить статус">
      {legal
        .sort((a, b) => (a === next ? -1 : b === next ? 1 : rank(a) - rank(b)))
        .map((s) => (
          <button
            key={s}
            type="button"
            className={`button${s === next ? '' : ' button--ghost'}`}
            onClick={() => void send({ kind: 'status', from: order.status, to: s })}
          >
            {rank(s) < rank(order.status) ? `Вернуть: ${statusName(s)}` : statusName(s)}
          </button>
        ))}
    </div>
  );
};

/** Cancelling needs a reason: the customer is told it, and stock comes back. Offered as the server allows it to this user (schema/studio/orders/order-money.ts). */
export const CancelForm = ({ order, send, user }: { order: Order; send: Send; user: User | null }) => {
  const [open, setOpen] = useState(false);
  if (transitionIssue(order.status, 'cancelled') || order.status === 'cancelled') return null;
  const denied = staffCommandIssue(user, order, { kind: 'status', from: order.status, to: 'cancelled', reason: '-' });
  if (denied) return <p className="muted order-page__cancel-denied">{denied}</p>;
  if (!open)
    return (
      <button type="button" className="button button--ghost order-page__cancel" onClick={() => setOpen(true)}>
        Отменить заказ
      </button>
    );
  return (
    <ReasonForm
      className="order-page__cancel-form"
      label="Причина отмены"
      missing="Укажите причину отмены"
      keep="Не отменять"
      act="Отменить заказ"
      onSend={(reason) => void send({ kind: 'status', from: order.status, to: 'cancelled', reason }).then(() => setOpen(false))}
      onBack={() => setOpen(false)}
    />
  );
};

/** What came and what is still owed, in the one sentence of schema/studio/orders/order-money.ts. */
const MoneySummary = ({ order }: { order: Order }) => (
  <p className="order-page__owed" data-testid="order-owed">
    {moneySummary(order)}
  </p>
);

/**
 * Payment apart from status. A manager records paid or not, how, and how much has come (less than the total is a
 * part payment, the rest stays owed); a florist records only that the whole order was paid, and how (schema/studio/orders/order-money.ts).
 */
export const PaymentForm = ({ order, send, user }: { order: Order; send: Send; user: User | null }) => {
  const rights = moneyRights(user);
  const [status, setStatus] = useState<'paid' | 'unpaid'>(order.paid?.status === 'paid' && rights.takeBack ? 'unpaid' : 'paid');
  const [method, setMethod] = useState<string>(order.paid?.method ?? (order.payment === 'card' ? 'card' : 'cash'));
  const [amount, setAmount] = useState(String(order.paid?.status === 'paid' ? (order.paid.amount ?? order.total) : order.total));
  const [error, setError] = useState('');
  // Fields the server drew are not editable before the tab has taken them over (`useHydrated`): a choice made in the
  // drawn page would stay on screen while the form's state, drawn anew, held the server's.
  const editable = useHydrated();
  if (order.paid?.status === 'paid' && owed(order) === 0 && !rights.takeBack) return <p className="muted">Снять отметку об оплате может менеджер</p>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sum = Number(amount.replace(/\s/g, ''));
    if (status === 'paid' && rights.anyAmount && (!Number.isInteger(sum) || sum < 0)) return setError('Сумма — целое число рублей');
    const m = paidMethods.find((p) => p.id === method)?.id;
    void send({ kind: 'payment', status, ...(status === 'paid' && m ? { method: m, ...(rights.anyAmount ? { amount: sum } : {}) } : {}) });
  };
  return (
    <form className="order-page__inline-form" onSubmit={submit} noValidate aria-label="Оплата">
      <MoneySummary order={order} />
      {rights.takeBack ? (
        <label className="field">
          Оплата
          <select value={status} disabled={!editable} onChange={(e) => setStatus(e.target.value === 'paid' ? 'paid' : 'unpaid')}>
            {paymentStatuses.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="order-page__pay-whole">Записать оплату всего заказа: <Money value={order.total} /></p>
      )}
      {status === 'paid' && (
        <>
          <label className="field">
            Способ
            <select value={method} disabled={!editable} onChange={(e) => setMethod(e.target.value)}>
              {paidMethods.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {rights.anyAmount && (
            <label className="field">
              Получено всего, ₽
              <input inputMode="numeric" value={amount} disabled={!editable} aria-invalid={!!error} onChange={(e) => (setAmount(e.target.value), setError(''))} />
            </label>
          )}
        </>
      )}
      <button type="submit" className="button button--ghost">
        Записать оплату
      </button>
      {error && <p className="field-error">{error}</p>}
    </form>
  );
};

/**
 * «Отменить оплату»: a manager takes back the latest payment recorded by mistake (a wrong method or amount), with a
 * reason. It names the payment's command; the payment stays in the history beside the reversal, and the rules are the
 * server's (schema/studio/orders/order-money.ts `paymentVoidIssue`: the latest first, once, never an online payment).
 */
export const VoidPaymentForm = ({ order, send, user }: { order: Order; send: Send; user: User | null }) => {
  const [open, setOpen] = useState(false);
  const target = voidablePayment(order);
  // Hidden while a payment command or a reversal made here waits: the page then shows a `paid` the history has not reached.
  if (!target || !mayCommand(user, 'void-payment') || JSON.stringify(order.paid ?? null) !== JSON.stringify(target.paid)) return null;
  const named = `${paymentText(target.paid)}, ${historyMoment(target.entry)}`;
  if (!open)
    return (
      <button type="button" className="button button--ghost order-page__void-payment" onClick={() => setOpen(true)}>
        Отменить оплату
      </button>
    );
  return (
    <ReasonForm
      name="Отменить оплату"
      className="order-page__void-form"
      intro={<p>Отменить оплату «{named}»? Она останется в истории заказа с вашей причиной.</p>}
      label="Причина отмены оплаты"
      missing="Укажите, почему отменяете оплату"
      keep="Не отменять"
      act="Отменить оплату"
      onSend={(reason) => void send({ kind: 'void-payment', payment: target.entry.command, reason }).then(() => setOpen(false))}
      onBack={() => setOpen(false)}
    />
  );
};

/**
 * «Вернуть деньги»: a manager returns part or all of the latest payment that brought money, naming it by its command.
 * The refusal (more than that payment brought and was not yet returned) is the server's rule, `refundOutcome`, said
 * here before sending as the server would say it.
 */
export const RefundForm = ({ order, send, user }: { order: Order; send: Send; user: User | null }) => {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const target = paymentsOf(order.history).filter((p) => !p.voidedBy && received({ total: order.total, paid: p.paid }) > 0).at(-1);
  if (!target || !mayCommand(user, 'refund') || received(order) === 0) return null;
  if (!open)
    return (
      <button type="button" className="button button--ghost order-page__refund" onClick={() => setOpen(true)}>
        Вернуть деньги
      </button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const sum = Number(amount.replace(/\s/g, ''));
    if (!Number.isInteger(sum) || sum < 1) return setError('Сумма возврата — целое число рублей, не меньше 1');
    const outcome = refundOutcome(order, target.entry.command, sum);
    if (!outcome.ok) return setError(outcome.reason);
    void send({ kind: 'refund', payment: target.entry.command, amount: sum }).then(() => (setOpen(false), setAmount('')));
  };
  return (
    <form className="order-page__inline-form" onSubmit={submit} noValidate aria-label="Вернуть деньги">
      <p>
        Вернуть деньги по оплате «{paymentText(target.paid)}, {historyMoment(target.entry)}».{' '}
        {providerPaid(target.paid) ? 'Деньги вернутся покупателю через ЮKassa, чек возврата — с ними.' : 'Чек возврата уйдёт в кассу.'}
      </p>
      <label className="field">
        Сумма возврата, ₽
        <input inputMode="numeric" value={amount} aria-invalid={!!error} onChange={(e) => (setAmount(e.target.value), setError(''))} />
      </label>
      <button type="submit" className="button button--ghost">
        Вернуть деньги
      </button>
      <button type="button" className="button button--ghost" onClick={() => (setOpen(false), setError(''))}>
        Не возвращать
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
};

/**
 * The florist (a staff member, by phone, as the task form picks an assignee) and the courier (a courier record).
 * Each command says whom this page showed in the place (`seen…`): if a colleague changed it meanwhile, the server
 * refuses it and says who is there now. An empty «Назначить» over an empty place is no change and is not sent.
 */
export const AssignForm = ({ order, send, couriers, me, staff }: { order: Order; send: Send; couriers: CourierChoice[]; me: string; staff: ReadonlyMap<string, string> }) => {
  const [florist, setFlorist] = useState(order.florist ? formatPhone(order.florist) : '');
  const [error, setError] = useState('');
  const editable = useHydrated();
  const assignFlorist = (value: string) => {
    const seenFlorist = order.florist ?? null;
    if (!value.trim()) return seenFlorist ? void send({ kind: 'assign', florist: null, seenFlorist }) : setError('Укажите телефон флориста');
    const parsed = phoneSchema.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Неверный телефон');
    if (parsed.data === seenFlorist) return setError('Этот флорист уже назначен');
    void send({ kind: 'assign', florist: parsed.data, seenFlorist });
  };
  const choices = couriers.filter((c) => c.active || c.id === order.courier);
  return (
    <div className="order-page__assign">
      <form
        className="order-page__inline-form"
        aria-label="Флорист"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          assignFlorist(florist);
        }}
      >
        <label className="field">
          Флорист (телефон)
          <input type="tel" list="order-staff" value={florist} disabled={!editable} placeholder="+7 (900) 000-00-00" aria-invalid={!!error} onChange={(e) => (setFlorist(e.target.value), setError(''))} />
        </label>
        {/* The staff by name as suggestions: the field still takes any staff member's phone. */}
        <datalist id="order-staff">
          {[...staff].map(([phone, name]) => (
            <option key={phone} value={formatPhone(phone)}>
              {name}
            </option>
          ))}
        </datalist>
        <button type="submit" className="button button--ghost">
          Назначить
        </button>
        <button type="button" className="button button--ghost" onClick={() => (setFlorist(formatPhone(me)), assignFlorist(me))}>
          Беру себе
        </button>
        {error && <p className="field-error">{error}</p>}
      </form>
      <label className="field">
        Курьер
        <select
          aria-label="Курьер"
          value={order.courier ?? ''}
          disabled={!editable}
          onChange={(e) => void send({ kind: 'assign', courier: e.target.value || null, seenCourier: order.courier ?? null })}
        >
          <option value="">— не назначен —</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}, {formatPhone(c.phone)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
};
