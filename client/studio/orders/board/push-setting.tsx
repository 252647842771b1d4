import { useEffect, useState, useSyncExternalStore } from 'react';
import { call } from '../../../lib/api';
import { activeWorker } from '../../../shared/install/active-worker';

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Nothing to listen to: whether the browser has push does not change while the page lives. */
const unchanging = () => () => {};

const noWorker = 'Браузер не запустил фоновую часть сайта (так бывает в приватном окне): уведомления на этом устройстве недоступны';

/** This device's subscription, as the browser holds it (none where the worker or push is unavailable). */
const current = async (): Promise<PushSubscription | null> => {
  if (!supported()) return null;
  return (await activeWorker())?.pushManager.getSubscription() ?? null;
};

/**
 * Turns this device's staff pushes on: the browser's permission, a subscription with the shop's public key, sent to
 * the server (server/push/staff-push.ts), which stamps it with the signed-in staff member. Answers why not, or null.
 */
const turnOn = async (): Promise<string | null> => {
  if (!supported()) return 'Этот браузер не умеет показывать уведомления';
  const reg = await activeWorker();
  if (!reg) return noWorker;
  if ((await Notification.requestPermission()) !== 'granted') return 'Браузер не разрешил уведомления: включите их в настройках сайта';
  const { data } = await call('POST /api/staff-push/key', {});
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.publicKey) });
  const json = sub.toJSON();
  await call('POST /api/staff-push/subscribe', { endpoint: sub.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
  return null;
};

/** Turns them off: the browser forgets the subscription and the server deletes it. */
const turnOff = async (): Promise<void> => {
  const sub = await current();
  if (!sub) return;
  await call('POST /api/staff-push/unsubscribe', { endpoint: sub.endpoint });
  await sub.unsubscribe();
};

/** «Уведомления на этом устройстве» (issue 30, item 5): per device, beside the board's sound switch. */
export const PushSetting = () => {
  // Drawn by the server as where push works (the server has no browser to ask, and nearly every staff browser has it):
  // the tab hydrates that, then hides it where the browser has none. Drawn without it, the label came in after
  // hydration, moving the row below and becoming the page's largest paint (Lighthouse's LCP) on an empty day.
  const able = useSyncExternalStore(unchanging, supported, () => true);
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let live = true;
    current().then(
      (s) => live && setOn(!!s),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!able) return null;
  const toggle = async () => {
    setBusy(true);
    setProblem('');
    try {
      if (on) {
        await turnOff();
        setOn(false);
      } else {
        const why = await turnOn();
        if (why) setProblem(why);
        else setOn(true);
      }
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'Не получилось, попробуйте ещё раз');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label className="orders-board__push">
        <input type="checkbox" checked={!!on} disabled={busy || on === null} onChange={() => void toggle()} />
        Уведомления на этом устройстве
      </label>
      {problem && <p role="alert">{problem}</p>}
    </>
  );
};
