import { useEffect, useState } from 'react';
import { receiptKindLabels, unregistered, type ReceiptView } from '../../../schema/studio/receipts/receipt';
import { orderNo } from '../../../schema/studio/orders/order-number';
import { call } from '../../lib/api';
import { useOnline } from '../../lib/use-online';

const kopecks = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (k: number) => `${kopecks.format(k / 100)} ₽`;
const settled = (rs: readonly ReceiptView[]) => rs.every((r) => r.state === 'registered' || r.state === 'failed');

/**
 * Fiscal receipts' states (issue 30), read online from the server (receipts live in a server-only database): one
 * order's (the order page, `order`), or the newest of all (/admin/documents). Read again while any is on its way,
 * and whenever `version` changes (the order changed).
 */
export const FiscalReceipts = ({ order, version }: { order?: string; version?: number }) => {
  const online = useOnline();
  const [items, setItems] = useState<ReceiptView[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!online) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (left: number) =>
      call('POST /api/receipts/list', order ? { order } : {}).then(
        ({ data }) => {
          if (!current) return;
          setItems(data.items);
          setError('');
          if (!settled(data.items) && left > 0) timer = setTimeout(() => void read(left - 1), 2000);
        },
        () => current && setError('Состояние чеков сейчас не прочитать'),
      );
    void read(30);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [order, version, online]);

  if (!online) return <p className="muted">Состояние чеков видно при подключении к сети</p>;
  if (error) return <p className="muted">{error}</p>;
  if (!items) return <p className="muted">Читаем чеки…</p>;
  if (!items.length) return <p className="muted">{order ? 'Чеков по заказу нет' : 'Чеков пока нет'}</p>;
  return (
    <ul className="fiscal-receipts" aria-label="Чеки">
      {items.map((r) => (
        <li key={r.id} data-state={r.state}>
          <strong>{receiptKindLabels[r.kind]}</strong>
          {!order && r.number ? ` · ${orderNo(r.number)}` : ''} · {money(r.total)} — <span className="fiscal-receipts__state">{r.label}</span>
        </li>
      ))}
    </ul>
  );
};

/**
 * The shift close's warning (issue 30): receipts the provider has not registered (on their way or refused), read
 * online; nothing is said offline or when all are registered. It warns, never blocks: the legal 30-day limit is not built yet.
 */
export const UnregisteredReceipts = () => {
  const online = useOnline();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!online) return;
    let current = true;
    call('POST /api/receipts/list', {}).then(
      ({ data }) => current && setCount(unregistered(data.items)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online]);
  if (!count) return null;
  return (
    <p className="field-error" role="alert" data-testid="receipts-unregistered">
      Не зарегистрировано чеков: {count}. Проверьте связь с кассой в «Документах» до закрытия смены.
    </p>
  );
};
