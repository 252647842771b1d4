import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IMaskInput } from 'react-imask';
import { useNavigate } from '@tanstack/react-router';
import type { UserAnswer } from '../../../schema/api';
import { codeMask, phoneMask } from '../../../schema/phone';
import { isStaff } from '../../../schema/user';
import { api, ApiError } from '../../lib/api';
import { Dialog } from '../../ui/dialog';
import { useSession } from './session';

/** Spec §9: the code field takes focus 250 ms after the step changes. */
const focusDelay = 250;
const digits = (s: string) => s.replace(/\D/g, '');

type Step = 'start' | 'sended';

/**
 * Phone, then the 4-digit code from the SMS. Staff land in /admin, unless `onSignedIn` says where to go
 * (/login?redirect= brings the visitor back to the screen that sent them).
 */
export const SignInDialog = ({ onClose, onSignedIn }: { onClose: () => void; onSignedIn?: () => void }) => {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('start');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

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

  const requestCode = (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      await api('/api/login', { phone: digits(phone) });
      setStep('sended');
    });
  };

  const verify = (value: string) =>
    run(async () => {
      const { user } = await api<UserAnswer>('/api/phone-verify', { phone: digits(phone), code: value });
      if (!user) return;
      signedIn(user);
      if (onSignedIn) return onSignedIn();
      onClose();
      if (isStaff(user)) void navigate({ to: '/admin' });
    });

  return (
    <Dialog title="Вход по номеру телефона" onClose={onClose}>
      {step === 'start' ? (
        <form className="form" onSubmit={requestCode}>
          <label className="field">
            <span>Телефон</span>
            <IMaskInput
              inputRef={input}
              mask={phoneMask}
              placeholder="+7 (___) ___-__-__"
              value={phone}
              onAccept={(v: string) => setPhone(v)}
              inputMode="tel"
              autoComplete="tel"
              aria-invalid={!!error}
              aria-describedby="sign-in-error"
            />
          </label>
          <button className="button" disabled={busy || digits(phone).length !== 11}>
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
          <button type="button" className="link-button" onClick={() => (setStep('start'), setCode(''))}>
            Изменить номер
          </button>
        </form>
      )}
      <p id="sign-in-error" className="field-error" role="alert">
        {error}
      </p>
      <p className="socials">
        Мы в соцсетях:{' '}
        <a href="https://vk.com/" aria-label="VK — ВКонтакте" target="_blank" rel="noreferrer">VK</a>{' '}
        <a href="https://t.me/" aria-label="Telegram" target="_blank" rel="noreferrer">Telegram</a>
      </p>
    </Dialog>
  );
};
