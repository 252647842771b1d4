import { useEffect, useState } from 'react';
import { noticeKindLabels, noticeStateLabel, type NoticeView } from '../../../../schema/studio/orders/order-notices';
import { call, ApiError } from '../../../lib/api';
import { useOnline } from '../../../lib/use-online';

const momentFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/**
 * What the customer was told by SMS about this order (issue 30, item 4), or why not: read from the server, which
 * sends them, when the page opens and whenever the order changes. Nothing while offline, nothing when none was due.
 */
export const OrderSms = ({ order, changedAt }: { order: string; changedAt: number }) => {
  const online = useOnline();
  const [notices, setNotices] = useState<NoticeView[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!online) return;
    let current = true;
    // A message is queued as the order changes and sent a moment later: read again shortly after a change.
    const read = () =>
      call('POST /api/orders/notices', { id: order })
        .then((a) => current && (setNotices(a.data), setError('')))
        .catch((e: unknown) => current && setError(e instanceof ApiError ? e.message : String(e)));
    void read();
    const again = setTimeout(() => void read(), 15_000);
    return () => {
      current = false;
      clearTimeout(again);
    };
  }, [order, changedAt, online]);
  if (!notices.length && !error) return null;
  return (
    <section className="order-page__section" aria-labelledby="order-sms">
      <h2 id="order-sms">SMS покупателю</h2>
      {error && <p className="field-error">{error}</p>}
      <ul className="order-page__sms">
        {notices.map((n) => (
          <li key={n.kind} data-state={n.state}>
            <strong>{noticeKindLabels[n.kind]}</strong> — {noticeStateLabel(n)}
            {n.sentAt && <span className="muted"> · {momentFormat.format(new Date(n.sentAt))}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
};
