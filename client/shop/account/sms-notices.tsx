import { useEffect, useState } from 'react';
import { call, ApiError } from '../../lib/api';
import { useOnline } from '../../lib/use-online';

/**
 * /my: whether the shop tells the customer by SMS what happens to their orders (taken, the bouquet's photo, the
 * courier left, delivered). The choice is kept on the server, which sends them, so it is read and changed online.
 */
export const SmsNotices = () => {
  const online = useOnline();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!online) return;
    let current = true;
    call('POST /api/my/sms-get', {})
      .then((a) => current && setOn(a.data.sms))
      .catch((e: unknown) => current && setError(e instanceof ApiError ? e.message : String(e)));
    return () => {
      current = false;
    };
  }, [online]);
  /** Shown at once; put back if the server did not take it. */
  const change = async (sms: boolean) => {
    setBusy(true);
    setOn(sms);
    try {
      setOn((await call('POST /api/my/sms-set', { sms })).data.sms);
      setError('');
    } catch (e) {
      setOn(!sms);
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="sms-notices">
      <h2 id="sms-notices">Уведомления</h2>
      <label className="choice">
        <input type="checkbox" name="sms-notices" checked={on ?? false} disabled={on === null || busy || !online} onChange={(e) => void change(e.target.checked)} />
        <span>Сообщать по SMS, что с заказом: принят, фото букета, курьер в пути, доставлен</span>
      </label>
      {!online && <p className="muted">Изменить можно, когда появится связь.</p>}
      <p className="field-error" role="alert">{error}</p>
    </section>
  );
};
