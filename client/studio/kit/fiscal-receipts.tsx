import { useEffect, useMemo, useState } from 'react';
import { counterPrintLabel, printUnbacked } from '../../../schema/studio/receipts/counter-print';
import { receiptKindLabels, receiptsAwaited, receiptsLimit, type ReceiptView, type UnregisteredSummary } from '../../../schema/studio/receipts/receipt';
import type { Order } from '../../../schema/studio/orders/order';
import { orderNo } from '../../../schema/studio/orders/order-number';
import type { RefundView } from '../../../schema/studio/orders/order-refund';
import { counterPrints$ } from '../../data/counter-prints';
import { useLocal } from '../../data/local-data-context';
import { call } from '../../lib/api';
import { useObservable } from '../../lib/use-observable';
import { useOnline } from '../../lib/use-online';
import { refusalOf } from '../../lib/use-form-action';
import { receiptsReadAgainMs } from './receipts-read-again';
import { mayCall } from '../../../schema/shared/api-routes';
import { useSession } from '../../shared/auth/session';

const kopecks = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (k: number) => `${kopecks.format(k / 100)} ₽`;
const settled = (rs: readonly ReceiptView[]) => rs.every((r) => r.state === 'registered' || r.state === 'failed');
const refundsSettled = (rs: readonly RefundView[]) => rs.every((r) => r.state === 'succeeded' || r.state === 'refused');

/** Money returned through YooKassa: each refund's state in Russian (pending, done, refused with YooKassa's reason). */
const Refunds = ({ refunds }: { refunds: readonly RefundView[] }) =>
  refunds.length ? (
    <ul className="fiscal-receipts" aria-label="Возвраты через ЮKassa">
      {refunds.map((r) => (
        <li key={r.id} data-state={r.state}>
          {r.label}
        </li>
      ))}
    </ul>
  ) : null;

/**
 * The receipts this device printed itself at the counter's register while the server was away (issue 30, item 2),
 * from the device's own queue, offline too: «Чек напечатан на кассе, ждёт сервер», a refusal in the register's words,
 * «Чек зарегистрирован» once the server holds it, «Оплата не принята сервером…» when the server refused the payment the
 * paper receipt stands for, or the print itself with its reason (`printUnbacked`, `counterPrintLabel`).
 */
export const CounterPrints = ({ order }: { order: string }) => {
  const { data } = useLocal();
  const prints$ = useMemo(() => counterPrints$(data.shop.office, order), [data, order]);
  const prints = useObservable(prints$, []);
  if (!prints.length) return null;
  return (
    <ul className="fiscal-receipts" aria-label="Чеки с кассы этого устройства">
      {prints.map((p) => (
        <li key={p.receipt} data-state={p.known ? 'registered' : printUnbacked(p) ? 'unbacked' : p.state} role="status">
          {counterPrintLabel(p)}
          {p.refused && !p.known ? ` (${p.refused})` : ''}
        </li>
      ))}
    </ul>
  );
};

/**
 * Fiscal receipts' states (issue 30), read online from the server (receipts live in a server-only database): one
 * order's (the order page, `order`), or the newest of all (/admin/documents). Read again while any is on its way, however
 * long it takes (`receiptsReadAgainMs`), while the order's recent changes call for one not listed yet (`calledFor`, the
 * server's copy: `receiptsAwaited`), after a failed read, and whenever `version` changes (the order changed).
 */
export const FiscalReceipts = ({ order, version, calledFor }: { order?: string; version?: number; calledFor?: Order }) => {
  const online = useOnline();
  const { user } = useSession();
  const [items, setItems] = useState<ReceiptView[] | null>(null);
  const [refunds, setRefunds] = useState<RefundView[]>([]);
  const [error, setError] = useState('');
  // «Отправить снова» (admins: the server's access table decides, the button only follows it): a failed receipt no
  // provider holds a document of goes back to the queue under its id (schema `resendIssue`); read again after it.
  const mayResend = mayCall(user, 'POST /api/receipts/resend');
  const [resent, setResent] = useState(0);
  const [resendFailure, setResendFailure] = useState('');
  const [resending, setResending] = useState('');
  const resend = (id: string) => {
    setResending(id);
    setResendFailure('');
    call('POST /api/receipts/resend', { id }).then(
      ({ data }) => (setItems((rs) => rs?.map((r) => (r.id === id ? data : r)) ?? rs), setResent((n) => n + 1), setResending('')),
      (e: unknown) => (setResendFailure(refusalOf(e).message), setResending('')),
    );
  };
  useEffect(() => {
    if (!online) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (reads: number) =>
      call('POST /api/receipts/list', order ? { order } : {}).then(
        ({ data }) => {
          if (!current) return;
          setItems(data.items);
          setRefunds(data.refunds ?? []);
          setError('');
          const awaited = calledFor ? receiptsAwaited(calledFor, data.items, Date.now()).length : 0;
          if (!(settled(data.items) && refundsSettled(data.refunds ?? []) && !awaited)) timer = setTimeout(() => void read(reads + 1), receiptsReadAgainMs(reads + 1));
        },
        () => {
          if (!current) return;
          setError('Состояние чеков сейчас не прочитать');
          timer = setTimeout(() => void read(reads + 1), receiptsReadAgainMs(reads + 1));
        },
      );
    void read(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [order, version, online, resent, calledFor]);

  if (!online) return <p className="muted">Состояние чеков видно при подключении к сети</p>;
  if (error) return <p className="muted">{error}</p>;
  if (!items) return <p className="muted">Читаем чеки…</p>;
  if (!items.length)
    return (
      <>
        <p className="muted">{order ? 'Чеков по заказу нет' : 'Чеков пока нет'}</p>
        <Refunds refunds={refunds} />
      </>
    );
  return (
    <>
    <ul className="fiscal-receipts" aria-label="Чеки">
      {items.map((r) => (
        <li key={r.id} data-state={r.state}>
          <strong>{receiptKindLabels[r.kind]}</strong>
          {!order && r.number ? ` · ${orderNo(r.number)}` : ''} · {money(r.total)} — <span className="fiscal-receipts__state">{r.label}</span>
          {mayResend && r.state === 'failed' && r.resendable && (
            <>
              {' '}
              <button type="button" className="button button--ghost" disabled={resending === r.id} onClick={() => resend(r.id)}>
                Отправить снова
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
    {resendFailure && (
      <p className="field-error" role="alert">
        {resendFailure}
      </p>
    )}
    <Refunds refunds={refunds} />
    </>
  );
};

/**
 * The receipts' legal limit at the shift close (issue 30; the rule is schema/studio/receipts/receipt.ts
 * `receiptsLimit`, the server refuses the close by it too): read online, nothing offline (the server judges the close
 * when it arrives). `block` disables closing; `warn` is shown beside it.
 */
export const useReceiptsLimit = (): { block?: string; warn?: string } => {
  const online = useOnline();
  const [summary, setSummary] = useState<UnregisteredSummary | null>(null);
  useEffect(() => {
    if (!online) return;
    let current = true;
    call('POST /api/receipts/list', {}).then(
      ({ data }) => current && setSummary(data.unregistered),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online]);
  return receiptsLimit(summary, Date.now());
};

/** What the shift close says of the receipts: why it is blocked, or the warning; nothing when all are registered. */
export const ReceiptsLimitNotice = ({ limit }: { limit: { block?: string; warn?: string } }) => {
  const text = limit.block ?? limit.warn;
  if (!text) return null;
  return (
    <p className="field-error" role="alert" data-testid={limit.block ? 'receipts-blocked' : 'receipts-unregistered'}>
      {text}
    </p>
  );
};
