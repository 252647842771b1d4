import { useState, type FormEvent } from 'react';
import { today } from '../../../../schema/shared/day';
import { shiftDayIssue, shiftDays } from '../../../../schema/shared/fact-day';
import { useLocal } from '../../../data/local-data-context';
import { ApiError } from '../../../lib/api';
import { Dialog } from '../../../ui/dialog';
import { useSession } from '../../../shared/auth/session';
import { takingsTotal } from '../../../../schema/studio/money/shift-takings';
import { paperMoney } from '../../../ui/printed-paper';
import { differenceText } from '../../kit/papers';
import { recordShiftClose } from './close-shift';
import { useShiftTakings } from './full-close';
import { ReceiptsLimitNotice, useReceiptsLimit } from '../../kit/fiscal-receipts';

const noCharges: never[] = [];

/** Spec: amount and date (default today), 'Ок' and 'Отмена', 30rem wide; saving records the event and signs out. */
export const CloseShiftDialog = ({
  onClose,
  onFull,
  okLabel = 'Ок',
  cancelLabel = 'Отмена',
  width = '30rem',
}: {
  onClose: () => void;
  /** Beside the quick close: the full one, with the till counted (issue 21). */
  onFull?: () => void;
  okLabel?: string;
  cancelLabel?: string;
  width?: string;
}) => {
  const { data } = useLocal();
  const { user, logout } = useSession();
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today());
  const [busy, setBusy] = useState(false);
  const receipts = useReceiptsLimit();
  // What the books already know of the day (the device's orders, offline too): shown beside the field, with the difference.
  const takings = useShiftTakings(data.shop.orders, noCharges, date, 0);
  const known = takingsTotal(takings);
  const typed = /^\d+$/.test(amount.trim()) ? Number(amount) : null;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const dayIssue = shiftDayIssue(date, Date.now());
    if (dayIssue) return alert(dayIssue);
    setBusy(true);
    try {
      const { event } = await recordShiftClose(data.shop.events, { amount, date }, user?.phone ?? '');
      console.info('Смена закрыта', event.day, event.sum);
      await logout();
    } catch (err) {
      const error = err as Error;
      alert(err instanceof ApiError ? error.message : 'Ошибка сохранения данных');
      console.error(error.message, error.stack);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Закрыть смену" onClose={onClose} width={width}>
      <form className="form" onSubmit={save}>
        <ReceiptsLimitNotice limit={receipts} />
        <label className="field">
          <span>Выручка за смену, ₽</span>
          <input name="amount" type="number" inputMode="numeric" min={1} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} required aria-describedby="close-takings" />
          <span className="muted" id="close-takings" aria-live="polite" data-testid="takings-known">
            По учёту за день: {paperMoney(known)} (оплаченных заказов: {takings.orders})
            {typed !== null && `, разница: ${differenceText(typed - known)}`}
          </span>
        </label>
        <label className="field">
          <span>Дата</span>
          <input name="date" type="date" value={date} {...shiftDays(Date.now())} onChange={(e) => setDate(e.target.value)} required aria-describedby="close-date-rule" />
          <span className="muted" id="close-date-rule">
            За сегодня, а до 06:00 — и за вчера
          </span>
        </label>
        <div className="form__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" className="button" disabled={busy || !amount || !date || !!receipts.block}>
            {okLabel}
          </button>
        </div>
        {onFull && (
          <button type="button" className="link-button" onClick={onFull}>
            Полное закрытие: пересчёт кассы и отчёт
          </button>
        )}
      </form>
    </Dialog>
  );
};
