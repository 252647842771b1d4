import { useEffect, useMemo, useRef, useState } from 'react';
import { map, NEVER, type Observable } from 'rxjs';
import { formatPhone } from '../../../schema/shared/phone';
import type { PendingOrder } from '../../data/collections';
import { useLocalIfOpen } from '../../data/local-data-context';
import { useObservable } from '../../lib/use-observable';
import { useOnline } from '../../lib/use-online';
import { useSession } from '../../shared/auth/session';
import { SignInOnDemand } from '../../shared/auth/sign-in-on-demand';
import './phone-confirmations.css';

const waitingLabel = 'Ждёт подтверждения телефона';
// Made when a draft waits, not on every page's start (a first Intl formatter loads the locale's data).
const dayOf = (date: string) => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * Orders on this device that wait for their sender's phone to be confirmed (a guest sent them offline, or closed the
 * code dialog): nothing has reached the studio. Online the shop asks for the code; once it is confirmed the session
 * is that phone's and the outbox sends the draft (client/data/sync/shop-sync.ts). A draft may also be deleted.
 * The code dialog opens by itself when the network comes back with a draft waiting; otherwise by the button.
 */
export const PhoneConfirmations = () => {
  // Part of every page, the server-drawn ones too: until the device's store is open there is nothing waiting to show.
  const data = useLocalIfOpen()?.data;
  const { user } = useSession();
  const online = useOnline();
  const [confirming, setConfirming] = useState<string | null>(null);
  const me = user?.phone ?? null;
  const waiting$ = useMemo<Observable<PendingOrder[]>>(
    () => (data ? data.shop.pendingOrders.find().$.pipe(map((docs) => docs.map((d) => d.toJSON() as PendingOrder).filter((d) => !d.number && !d.error && d.owner !== me))) : NEVER),
    [data, me],
  );
  const waiting = useObservable(waiting$, []);

  // When the network returns, the shop asks for the code at once: once per phone in this tab, so a flaky network
  // does not keep opening the dialog (and sending SMS); the button stays for later.
  const wasOffline = useRef(!online);
  const asked = useRef(new Set<string>());
  const newest = waiting.reduce<PendingOrder | null>((a, d) => (!a || d.createdAt > a.createdAt ? d : a), null);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    const cameBack = wasOffline.current;
    wasOffline.current = false;
    if (!cameBack || !newest || asked.current.has(newest.owner)) return;
    asked.current.add(newest.owner);
    setConfirming((open) => open ?? newest.owner);
  }, [online, newest]);

  if (!waiting.length) return null;
  return (
    <section className="phone-confirmations" aria-label="Заказы ждут подтверждения телефона">
      {waiting.map((d) => (
        <div key={d.id} className="phone-confirmations__item" data-testid="waiting-order">
          <p>
            <strong>{waitingLabel}</strong> {formatPhone(d.owner)}: заказ для «{d.recipient.name}» на {dayOf(d.date)} хранится только на этом устройстве.{' '}
            {online ? 'Подтвердите номер кодом из СМС, чтобы отправить его в студию.' : 'Когда появится интернет, попросим код из СМС.'}
          </p>
          <div className="phone-confirmations__actions">
            {online && (
              <button type="button" className="button" onClick={() => setConfirming(d.owner)}>
                Подтвердить телефон
              </button>
            )}
            <button type="button" className="link-button" onClick={() => void data?.shop.pendingOrders.findOne(d.id).remove()}>
              Удалить заказ
            </button>
          </div>
        </div>
      ))}
      {confirming && <SignInOnDemand confirm={confirming} onSignedIn={() => setConfirming(null)} onClose={() => setConfirming(null)} />}
    </section>
  );
};
