import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { QrDevice, QrLoginAnswer } from '../../../schema/shared/qr-login';
import { isStaff } from '../../../schema/shared/user';
import { call, ApiError } from '../../lib/api';
import { randomId } from '../../lib/random-id';
import { useSession } from './session';

/** How often the computer asks whether the phone has confirmed. */
const pollMs = 2000;

const computerId = () => {
  const kept = sessionStorage.getItem('shop:qr-identifier') ?? randomId(18);
  sessionStorage.setItem('shop:qr-identifier', kept);
  return kept;
};

/** On the computer: a QR code that a phone already signed in scans; then this computer is signed in too. */
const ShowCode = () => {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<QrLoginAnswer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const identifier = computerId();
    let stop = false;
    const ask = async () => {
      try {
        const a = await call('POST /api/qr-login', { identifier });
        setError('');
        if (a.status === 'done') {
          stop = true;
          signedIn(a.user);
          void navigate({ to: isStaff(a.user) ? '/admin' : '/my' });
          return;
        }
        setAnswer(a);
      } catch (e) {
        setError(e instanceof ApiError ? e.message : String(e));
      }
      if (!stop) timer = setTimeout(ask, pollMs);
    };
    let timer = setTimeout(ask, 0);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [navigate, signedIn]);
  return (
    <>
      <p>Откройте камеру на телефоне, где вы уже вошли в магазин, и наведите на код. Подтвердите вход — и этот компьютер войдёт в тот же аккаунт.</p>
      {answer?.status === 'waiting' && (
        <figure className="qr">
          <div className="qr__image" role="img" aria-label="QR-код для входа" dangerouslySetInnerHTML={{ __html: answer.svg }} />
          <figcaption>
            Код обновится через 2 минуты. Нет камеры? Откройте на телефоне ссылку: <a href={`/qr-login?code=${answer.code}`} data-testid="qr-link">{answer.link}</a>
          </figcaption>
        </figure>
      )}
      <p className="field-error" role="alert">{error}</p>
    </>
  );
};

const timeOf = (ms: number) => new Date(ms).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/**
 * On the phone: confirm that the computer which showed this code may sign in as me. It first says which computer
 * asks (browser, system, address, time), so a code from a stranger's screen, sent as a link, is seen for what it is.
 */
const ConfirmCode = ({ code }: { code: string }) => {
  const [state, setState] = useState<'ask' | 'done'>('ask');
  const [device, setDevice] = useState<QrDevice | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call('POST /api/qr-device', { code }).then(setDevice, (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));
  }, [code]);
  const confirm = async () => {
    try {
      await call('POST /api/qr-verify', { code });
      setState('done');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  if (state === 'done') return <p role="status">Готово: компьютер входит в ваш аккаунт.</p>;
  return (
    <>
      <p>Войти в ваш аккаунт на компьютере, который показал этот код? Подтверждайте, только если это ваш компьютер и вы сами открыли на нём вход по QR-коду.</p>
      {device && (
        <dl className="qr__device" data-testid="qr-device">
          <dt>Кто просит вход</dt>
          <dd>
            {device.browser}, {device.system}
          </dd>
          <dt>Адрес в сети</dt>
          <dd>{device.ip}</dd>
          <dt>Когда</dt>
          <dd>{timeOf(device.seenAt)}</dd>
        </dl>
      )}
      {device && (
        <button type="button" className="button" onClick={() => void confirm()}>
          Войти на компьютере
        </button>
      )}
      <p className="field-error" role="alert">{error}</p>
    </>
  );
};

export const QrLoginPage = ({ code }: { code?: string }) => {
  const { user } = useSession();
  return (
    <div className="page content">
      <h1>Вход по QR-коду</h1>
      {code && user && <ConfirmCode code={code} />}
      {code && !user && <p>Чтобы подтвердить вход на компьютере, сначала войдите на этом телефоне кнопкой «Войти» вверху страницы.</p>}
      {!code && !user && <ShowCode />}
      {!code && user && <p>Вы уже вошли. Чтобы войти на другом компьютере, откройте на нём эту страницу и отсканируйте код этим телефоном.</p>}
    </div>
  );
};
