import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { QrLoginAnswer } from '../../../schema/qr-login';
import { isStaff } from '../../../schema/user';
import { api, ApiError } from '../../lib/api';
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
        const a = await api<QrLoginAnswer>('/api/qr-login', { identifier });
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
            Код обновится через 2 минуты. Нет камеры? Откройте на телефоне ссылку: <a href={`/qr-login?code=${answer.code}`} data-testid="qr-link">{`${location.origin}/qr-login?code=${answer.code}`}</a>
          </figcaption>
        </figure>
      )}
      <p className="field-error" role="alert">{error}</p>
    </>
  );
};

/** On the phone: confirm that the computer which showed this code may sign in as me. */
const ConfirmCode = ({ code }: { code: string }) => {
  const [state, setState] = useState<'ask' | 'done'>('ask');
  const [error, setError] = useState('');
  const confirm = async () => {
    try {
      await api('/api/qr-verify', { code });
      setState('done');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  if (state === 'done') return <p role="status">Готово: компьютер входит в ваш аккаунт.</p>;
  return (
    <>
      <p>Войти в ваш аккаунт на компьютере, который показал этот код? Подтверждайте, только если это ваш компьютер.</p>
      <button type="button" className="button" onClick={() => void confirm()}>
        Войти на компьютере
      </button>
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
