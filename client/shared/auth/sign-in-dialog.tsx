import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { useNavigate } from '@tanstack/react-router';
import { codeMask, phone as mobilePhone } from '../../../schema/shared/phone';
import { isStaff } from '../../../schema/shared/user';
import { call, ApiError } from '../../lib/api';
import { Dialog } from '../../ui/dialog';
import { PhoneInput } from '../../ui/phone-input';
import { formatPhone } from '../../../schema/shared/phone';
import { useStudioProfile } from '../../data/studio-profile';
import { useSession } from './session';

/** Spec §9: the code field takes focus 250 ms after the step changes. */
const focusDelay = 250;

type Step = 'start' | 'sended';

/** `retryAfter`: seconds before the server sends another code to this phone. */

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Seconds left until `at`, once a second, down to 0. */
const useSecondsLeft = (at: number): number => {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    const t = setInterval(() => {
      const left = secondsUntil(at);
      setSeconds(left);
      if (!left) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
  }, [at]);
  return seconds;
};

/**
 * Phone, then the 4-digit code from the SMS (with a resend once the server allows it). Staff land in /admin,
 * unless `onSignedIn` says where to go (/login?redirect= brings the visitor back to the screen that sent them).
 * `confirm` (a phone, 7 and ten digits) confirms that phone for an order: the code is sent at once and the number
 * cannot be changed here, since the order belongs to it.
 */
export const SignInDialog = ({ onClose, onSignedIn, confirm }: { onClose: () => void; onSignedIn?: () => void; confirm?: string }) => {
  const { signedIn } = useSession();
  const studio = useStudioProfile();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('start');
  const [phone, setPhone] = useState(confirm ? formatPhone(confirm) : '');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const resendIn = useSecondsLeft(resendAt);
  const input = useRef<HTMLInputElement>(null);

  // A whole number that is not a Russian mobile is said at once, not after a round trip.
  const checked = mobilePhone.safeParse(phone);
  const complete = phone.replace(/\D/g, '').length === 11;
  const phoneProblem = complete && !checked.success ? (checked.error.issues[0]?.message ?? '') : '';

  useEffect(() => {
    const t = setTimeout(() => input.current?.focus(), focusDelay);
    return () => clearTimeout(t);
  }, [step]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      console.warn(e);
      setError(e instanceof ApiError ? e.message : 'Что-то пошло не так, попробуйте ещё раз');
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => {
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Проверьте номер телефона');
    const number = checked.data;
    void run(async () => {
      try {
        const { retryAfter } = await call('POST /api/login', { phone: number });
        setResendAt(Date.now() + retryAfter * 1000);
      } catch (e) {
        // Confirming an order: a code sent a minute ago (the dialog closed and opened again) is still good to type.
        if (!(confirm && e instanceof ApiError && e.status === 429)) throw e;
        setStep('sended');
        throw e;
      }
      setCode('');
      setStep('sended');
    });
  };

  // Confirming an order is the customer's own request for a code: it is sent as the dialog opens.
  const sentOnOpen = useRef(false);
  useEffect(() => {
    if (!confirm || sentOnOpen.current) return;
    sentOnOpen.current = true;
    sendCode();
  });

  const requestCode = (e?: FormEvent) => {
    e?.preventDefault();
    sendCode();
  };

  const verify = (value: string) =>
    run(async () => {
      if (!checked.success) return;
      const { user } = await call('POST /api/phone-verify', { phone: checked.data, code: value });
      if (!user) return;
      signedIn(user);
      if (onSignedIn) return onSignedIn();
      onClose();
      if (isStaff(user)) void navigate({ to: '/admin' });
    });

  const shownError = error || phoneProblem;
  return (
    <Dialog title={confirm ? 'Подтвердите телефон' : 'Вход по номеру телефона'} onClose={onClose}>
      {step === 'start' ? (
        <form className="form" onSubmit={requestCode}>
          {confirm ? (
            <p>Заказ оформляется на номер {phone}: подтвердите его кодом из СМС.</p>
          ) : (
            <label className="field">
              <span>Телефон</span>
              <PhoneInput inputRef={input} value={phone} onChange={(v) => (setPhone(v), setError(''))} invalid={!!shownError} describedBy="sign-in-error" />
            </label>
          )}
          <button className="button" disabled={busy || !checked.success}>
            Получить код
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={(e) => (e.preventDefault(), void verify(code))}>
          <p>Мы отправили код на номер {phone}</p>
          <label className="field">
            <span>Код из СМС</span>
            <IMaskInput
              inputRef={input}
              mask={codeMask}
              value={code}
              onAccept={(v: string) => {
                setCode(v);
                if (v.length === 4) void verify(v);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-invalid={!!error}
              aria-describedby="sign-in-error"
            />
          </label>
          <button className="button" disabled={busy || code.length !== 4}>
            Войти
          </button>
          <button type="button" className="link-button" disabled={busy || resendIn > 0} onClick={sendCode}>
            {resendIn > 0 ? `Отправить код ещё раз через ${resendIn} с` : 'Отправить код ещё раз'}
          </button>
          {!confirm && (
            <button type="button" className="link-button" onClick={() => (setStep('start'), setCode(''), setError(''))}>
              Изменить номер
            </button>
          )}
        </form>
      )}
      <p id="sign-in-error" className="field-error" role="alert">
        {shownError}
      </p>
      <p className="socials">
        Мы в соцсетях:{' '}
        <a href={studio.vk} aria-label="VK — ВКонтакте" target="_blank" rel="noreferrer">VK</a>{' '}
        <a href={studio.telegram} aria-label="Telegram" target="_blank" rel="noreferrer">Telegram</a>
      </p>
    </Dialog>
  );
};
