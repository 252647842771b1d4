import { useEffect, useState, type ReactNode } from 'react';
import { shift } from '../../../../schema/entities/shift';
import { formatRoubles } from '../../../../schema/shared/money';
import type { OfficeRecord } from '../../../../schema/shared/record';
import { checkDiffers, shiftChecksAnswer, type ShiftCheck } from '../../../../schema/studio/money/shift-check';
import { levelOf, reaches } from '../../../../schema/shared/user';
import { useLocal } from '../../../data/local-data-context';
import { useVoidMarks } from '../../../data/void-marks';
import { call } from '../../../lib/api';
import { Dialog } from '../../../ui/dialog';
import { VoidedMark, voidedClass } from '../../../ui/voided-mark';
import { useSession } from '../../../shared/auth/session';
import { printShiftReport, ShiftReport, ShiftReportSheet } from '../shift/shift-report';
import { VoidPanel } from '../../kit/void-panel';
import { Money } from '../../../ui/money';

/** A gap in roubles with its sign: «+1 000 ₽», «−300 ₽», «нет». */
const gapText = (n: number) => (n === 0 ? 'нет' : `${n > 0 ? '+' : '−'}${formatRoubles(Math.abs(n))}`);

/**
 * For a manager, what the server expected of each closed day (server/money/shift-books.ts), by day; read online
 * again whenever the closes the device holds change. Null while not read or for staff below a manager.
 */
const useShiftChecks = (closes: number): { checks: Map<string, ShiftCheck> | null; error: string } => {
  const { user } = useSession();
  const manager = reaches(levelOf(user), 'manager');
  const [checks, setChecks] = useState<Map<string, ShiftCheck> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!manager) return;
    let live = true;
    call('POST /api/shift-books/list', {})
      .then((a) => {
        if (!live) return;
        setChecks(new Map(shiftChecksAnswer.parse(a).data.map((c) => [c.day, c])));
        setError('');
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [manager, closes]);
  return { checks: manager ? checks : null, error: manager ? error : '' };
};

/** Beside a close in the list: that the device's expectation differs from the server's, and by how much. */
const GapNote = ({ check }: { check: ShiftCheck | undefined }) =>
  check?.gap && checkDiffers(check) ? (
    <span className="shift-gap">
      {' '}
      — расходится с учётом сервера: наличные {gapText(check.gap.cash)}, карта {gapText(check.gap.card)}
    </span>
  ) : null;

/** The close's expected sums as the device showed them beside the server's own, for a manager. */
const ServerCheck = ({ check }: { check: ShiftCheck }) => {
  const { server, gap } = check;
  if (!server || !gap) return <p className="muted">Сервер не сохранил своего расчёта за этот день.</p>;
  const row = (label: string, device: number, books: number, diff: number, id: string) => (
    <tr>
      <th scope="row">{label}</th>
      <td><Money value={device} /></td>
      <td><Money value={books} /></td>
      <td data-testid={`server-gap-${id}`}>{gapText(diff)}</td>
    </tr>
  );
  return (
    <table className="shift-check">
      <caption>Сверка с сервером: ожидалось по данным устройства и по учёту сервера{checkDiffers(check) ? ' — есть расхождение' : ''}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Устройство</th>
          <th scope="col">Сервер</th>
          <th scope="col">Разница</th>
        </tr>
      </thead>
      <tbody>
        {row('Наличные', check.device.cash, server.expected.cash, gap.cash, 'cash')}
        {row('Карта', check.device.card, server.expected.card, gap.card, 'card')}
      </tbody>
    </table>
  );
};

/** The last closes of shifts the device holds, newest first, a voided one struck through: each opens as its report, to read or print again. */
const ShiftCloses = () => {
  const { data } = useLocal();
  const [closes, setCloses] = useState<OfficeRecord[]>([]);
  const [open, setOpen] = useState<OfficeRecord | null>(null);
  useEffect(() => {
    const sub = data.shop.office.find({ selector: { type: shift.type } }).$.subscribe((docs) =>
      setCloses(docs.map((d) => d.toMutableJSON()).sort((a, b) => (b.day ?? '').localeCompare(a.day ?? '')).slice(0, 31)),
    );
    return () => sub.unsubscribe();
  }, [data]);
  const voided = useVoidMarks(data.shop.office);
  const { checks, error } = useShiftChecks(closes.length);
  const checkOf = (c: OfficeRecord) => (c.day ? checks?.get(c.day) : undefined);
  const openCheck = open && checkOf(open);
  return (
    <section aria-labelledby="shift-closes">
      <h2 id="shift-closes">Закрытия смен</h2>
      {error && <p role="alert">Не удалось сверить закрытия с сервером: {error}</p>}
      {closes.length === 0 ? (
        <p className="muted">Смены ещё не закрывали полностью.</p>
      ) : (
        <ul>
          {closes.map((c) => (
            <li key={c.id} className={voidedClass(voided.get(c.id))}>
              <button type="button" className="link-button" onClick={() => setOpen(c)}>
                {c.title}
              </button>
              <VoidedMark mark={voided.get(c.id)} />
              <GapNote check={checkOf(c)} />
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Dialog title={open.title} onClose={() => setOpen(null)} width="36rem">
          <ShiftReport record={open} />
          {openCheck && <ServerCheck check={openCheck} />}
          <VoidPanel entity={shift} record={open} />
          <ShiftReportSheet record={open} />
          <p className="form__buttons">
            <button type="button" className="button button--ghost" onClick={printShiftReport}>
              Печать
            </button>
          </p>
        </Dialog>
      )}
    </section>
  );
};

/** /admin/charges: the charges' list (the back-office's, given) and, below it, the closes of shifts with their reports. */
export const ChargesScreen = ({ list }: { list: ReactNode }) => (
  <>
    {list}
    <ShiftCloses />
  </>
);
