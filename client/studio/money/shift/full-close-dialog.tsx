import { useCallback, useState, type FormEvent } from 'react';
import { charge, chargeDirections } from '../../../../schema/entities/charge';
import { paidMethods } from '../../../../schema/studio/orders/order';
import { refLabel } from '../../../../schema/entities/ref';
import { shiftDifference, tillMethods } from '../../../../schema/studio/money/shift-takings';
import { today } from '../../../../schema/shared/day';
import { shiftDayIssue, shiftDays } from '../../../../schema/shared/fact-day';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { useLocal } from '../../../data/local-data-context';
import { saveOfficeRecord } from '../../../data/records';
import { useRefList } from '../../../data/ref-list';
import { useFormAction } from '../../../lib/use-form-action';
import { Dialog } from '../../../ui/dialog';
import { useSession } from '../../../shared/auth/session';
import { closeErrorsByPath, closeFieldPaths, recordFullClose, useCloseRefusal, useDayCharges, useShiftClose, useShiftTakings, type CloseInput, type CloseResult, type DayCharge } from './full-close';
import { printShiftReport, ShiftReport, ShiftReportSheet } from './shift-report';
import { differenceText } from '../../kit/papers';
import { typedCount } from '../../../../schema/entities/shift';
import './full-close.css';
import { Money } from '../../../ui/money';
import { ReceiptsLimitNotice, useReceiptsLimit } from '../../kit/fiscal-receipts';

const methodLabel = (id: string) => paidMethods.find((m) => m.id === id)?.label ?? id;

/** Cash put in or taken out during the shift: a charge paid in cash, written on the device at once (offline too). */
const CashMove = ({ day }: { day: string }) => {
  const { data } = useLocal();
  const { user } = useSession();
  const reasonEntries = useRefList('cash-reason');
  const reasons = reasonEntries.filter((e) => e.active).map((e) => ({ id: e.code, label: e.label }));
  const [direction, setDirection] = useState<'out' | 'in'>('out');
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [categoryError, setCategoryError] = useState('');

  const add = async () => {
    // No category is chosen for her: money filed under the list's first line unasked is a wrong report (issue 29, item 6).
    setCategoryError(category ? '' : 'Выберите статью');
    const sum = typedCount.safeParse(amount);
    const parsed = charge.fields.safeParse({ day, direction, category, amount: sum.success ? sum.data : Number.NaN, method: 'cash', note });
    if (!sum.success || sum.data <= 0) return setError('Сумма — целое число рублей больше нуля');
    if (!category) return setError('');
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    if (!user) return setError('Войдите, чтобы сохранить');
    await saveOfficeRecord(data.shop.office, charge, user.phone, parsed.data);
    setError('');
    setAmount('');
    setNote('');
  };

  return (
    <fieldset className="full-close__move">
      <legend>Внести или выдать наличные</legend>
      <label className="field">
        <span>Движение</span>
        <select name="move-direction" value={direction} onChange={(e) => setDirection(e.target.value === 'in' ? 'in' : 'out')}>
          {chargeDirections.map((d) => (
            <option key={d.id} value={d.id}>
              {d.id === 'in' ? 'Внесение в кассу' : 'Выдача из кассы'}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Статья</span>
        <select
          name="move-category"
          value={category}
          aria-invalid={!!categoryError}
          aria-describedby={categoryError ? 'move-category-error' : undefined}
          onChange={(e) => (setCategory(e.target.value), setCategoryError(''))}
        >
          <option value="">—</option>
          {reasons.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </select>
        {categoryError && (
          <span className="field-error" id="move-category-error">
            {categoryError}
          </span>
        )}
      </label>
      <label className="field">
        <span>Сумма, ₽</span>
        <input name="move-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <label className="field">
        <span>Заметка</span>
        <input name="move-note" value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button--ghost" onClick={() => void add()}>
        Добавить движение
      </button>
    </fieldset>
  );
};

const MovesList = ({ charges }: { charges: readonly DayCharge[] }) => {
  const cash = charges.filter((c) => c.method === 'cash');
  const reasonEntries = useRefList('cash-reason');
  if (!cash.length) return <p className="muted">Наличные за смену не вносили и не выдавали.</p>;
  return (
    <ul className="full-close__moves" aria-label="Движения наличных">
      {cash.map((c) => (
        <li key={c.id}>
          {c.direction === 'in' ? 'Внесено' : 'Выдано'}: {refLabel(reasonEntries, c.category)}, <Money value={c.amount} />
          {c.note && ` — ${c.note}`}
        </li>
      ))}
    </ul>
  );
};

/** After the close: the report to print, and signing out as the quick close does; `refusal`: why ours was not taken. */
const Closed = ({ record, refusal, onClose }: { record: OfficeRecord; refusal: string; onClose: () => void }) => {
  const { logout } = useSession();
  return (
    <>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <ShiftReport record={record} />
      <ShiftReportSheet record={record} />
      <p className="form__buttons">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Закрыть
        </button>
        <button type="button" className="button button--ghost" onClick={printShiftReport}>
          Печать
        </button>
        <button type="button" className="button" onClick={() => void logout()}>
          Выйти
        </button>
      </p>
    </>
  );
};

/**
 * The full close of a shift (issue 21, item 1): what the day's orders and counter sales brought by payment method,
 * the cash moves of the shift, the till and the card terminal counted, the difference shown and explained. Online the
 * close goes to the server at once and its refusal is said under the form, the typed counts kept; offline it is kept
 * on the device for the office replication (`shift-{day}`), and a refusal then is said here when the sync brings it.
 */
export const FullCloseDialog = ({ onClose }: { onClose: () => void }) => {
  const { data } = useLocal();
  const { user } = useSession();
  const [input, setInput] = useState<CloseInput>({ day: today(), opening: '', cash: '', card: '', note: '' });
  const receipts = useReceiptsLimit();
  const action = useFormAction({ fields: { under: 'data' } });
  const { fail, refuse } = action;
  const charges = useDayCharges(data.shop.office, input.day);
  const opening = typedCount.safeParse(input.opening || '0');
  const takings = useShiftTakings(data.shop.orders, charges, input.day, opening.success ? opening.data : 0);
  const closed = useShiftClose(data.shop.office, input.day);
  const [saved, setSaved] = useState<Extract<CloseResult, { ok: true }> | null>(null);
  // A close kept on the device that the server refuses when the sync pushes it: the form comes back as typed (or the
  // close that won, when another device closed the day first), with the server's reason.
  const onRefused = useCallback(
    (reason: string) => {
      setSaved(null);
      fail(`Сервер не принял закрытие смены: ${reason || 'причина не названа'}`);
    },
    [fail],
  );
  useCloseRefusal(input.day, !!saved && !saved.sent, onRefused);
  const errorOf = (name: keyof CloseInput) => action.errors[closeFieldPaths[name]];

  const counted = { cash: typedCount.safeParse(input.cash), card: typedCount.safeParse(input.card) };
  const diff =
    counted.cash.success && counted.card.success
      ? shiftDifference({ cash: takings.expectedCash, card: takings.expectedCard }, { cash: counted.cash.data, card: counted.card.data })
      : null;
  const set = (field: keyof CloseInput) => (value: string) => setInput((old) => ({ ...old, [field]: value }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return refuse({}, 'Войдите, чтобы закрыть смену');
    const dayIssue = shiftDayIssue(input.day, Date.now());
    if (dayIssue) return refuse({ day: dayIssue });
    // A refusal by the server (its Russian reason under the form, its issues beside the fields) keeps what was typed.
    await action.run(async () => {
      const result = await recordFullClose(data.shop.office, user.phone, input, takings, charges);
      if (result.ok) setSaved(result);
      else refuse(closeErrorsByPath(result.errors));
    });
  };

  const report = saved?.record ?? (closed && !action.busy ? closed : null);
  if (report)
    return (
      <Dialog title="Смена закрыта" onClose={onClose} width="36rem">
        <Closed record={report} refusal={saved ? '' : action.failure} onClose={onClose} />
      </Dialog>
    );

  const field = (name: keyof CloseInput, label: string, props: { inputMode?: 'numeric'; type?: string; min?: string; max?: string } = { inputMode: 'numeric' }) => (
    <label className="field">
      <span>{label}</span>
      <input name={`close-${name}`} {...props} value={input[name]} onChange={(e) => set(name)(e.target.value)} aria-invalid={!!errorOf(name)} aria-describedby={errorOf(name) ? `close-${name}-error` : undefined} />
      {errorOf(name) && (
        <span className="field-error" id={`close-${name}-error`}>
          {errorOf(name)}
        </span>
      )}
    </label>
  );

  return (
    <Dialog title="Полное закрытие смены" onClose={onClose} width="36rem">
      <form className="form full-close" onSubmit={(e) => void save(e)} noValidate>
        <ReceiptsLimitNotice limit={receipts} />
        {field('day', 'Дата', { type: 'date', ...shiftDays(Date.now()) })}
        <p className="muted">Смену закрывают за сегодня, а до 06:00 — и за вчера.</p>
        <table className="full-close__takings">
          <caption>
            Выручка за день: {takings.orders} оплаченных заказов, из них продаж в студии {takings.counterSales}
          </caption>
          <tbody>
            {tillMethods.map((m) => (
              <tr key={m}>
                <th scope="row">{methodLabel(m)}</th>
                <td data-testid={`takings-${m}`}><Money value={takings.byMethod[m]} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        <MovesList charges={charges} />
        <CashMove day={input.day} />
        {field('opening', 'Наличные на начало смены, ₽')}
        <p>
          Должно быть в кассе: <strong data-testid="expected-cash"><Money value={takings.expectedCash} /></strong>, по карте:{' '}
          <strong data-testid="expected-card"><Money value={takings.expectedCard} /></strong>
        </p>
        {field('cash', 'Пересчитано наличных, ₽')}
        {field('card', 'По терминалу (карта), ₽')}
        <p aria-live="polite" data-testid="difference">
          {diff ? `Расхождение: наличные ${differenceText(diff.cash)}, карта ${differenceText(diff.card)}` : 'Введите пересчёт наличных и сумму по терминалу'}
        </p>
        <label className="field">
          <span>Объяснение расхождения{diff && (diff.cash || diff.card) ? ' *' : ''}</span>
          <textarea name="close-note" rows={2} value={input.note} onChange={(e) => set('note')(e.target.value)} aria-invalid={!!errorOf('note')} />
          {errorOf('note') && <span className="field-error">{errorOf('note')}</span>}
        </label>
        {action.failure && (
          <p className="field-error" role="alert">
            {action.failure}
          </p>
        )}
        <div className="form__buttons">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Отмена
          </button>
          <button type="submit" className="button" disabled={action.busy || !input.cash || !input.card || !!receipts.block}>
            Закрыть смену
          </button>
        </div>
      </form>
    </Dialog>
  );
};
