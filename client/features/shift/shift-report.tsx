import { createPortal } from 'react-dom';
import { shift } from '../../../schema/entities/shift';
import { formatRoubles } from '../../../schema/money';
import { paidMethods } from '../../../schema/order';
import { recordData, type OfficeRecord } from '../../../schema/record';
import { refLabel } from '../../../schema/entities/ref';
import { useRefList } from '../../data/ref-list';
import { shiftDifference, tillMethods } from '../../../schema/shift-takings';
import { staffName } from '../../../schema/user';
import { useStaffNames } from '../../data/staff-directory';
import './shift-report.css';

/** «+100 ₽» for more in the till, «−100 ₽» for a shortage, «сходится» when the count matches. */
export const differenceText = (d: number): string => (d === 0 ? 'сходится' : `${d > 0 ? '+' : '−'}${formatRoubles(Math.abs(d))}`);

const methodLabel = (id: string) => paidMethods.find((m) => m.id === id)?.label ?? id;
const closedAt = (at: number) => new Date(at).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** The shift report: what the day brought by method, the till's sum and its count, the cash moves and the note. */
export const ShiftReport = ({ record }: { record: OfficeRecord }) => {
  const names = useStaffNames();
  const reasons = useRefList('cash-reason');
  const s = recordData(shift, record);
  if (!s) return <p role="alert">Отчёт о смене не читается: обновите страницу.</p>;
  const diff = shiftDifference({ cash: s.expectedCash, card: s.expectedCard }, s.counted);
  const row = (label: string, value: string, testId?: string) => (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
  return (
    <article className="shift-report" aria-label={`Отчёт о смене ${s.day}`}>
      <h2>Смена {s.day}</h2>
      <p>
        Закрыл(а): {staffName(record.createdBy, names)}, {closedAt(record.createdAt)}
      </p>
      <table>
        <caption>Выручка: {s.orders} оплаченных заказов, из них продаж в студии {s.counterSales}</caption>
        <tbody>
          {tillMethods.map((m) => row(methodLabel(m), formatRoubles(s.takings[m]), `takings-${m}`))}
        </tbody>
      </table>
      <table>
        <caption>Наличные</caption>
        <tbody>
          {row('На начало смены', formatRoubles(s.opening))}
          {row('Выручка наличными', formatRoubles(s.takings.cash))}
          {row('Внесено', formatRoubles(s.cashIn))}
          {row('Выдано', formatRoubles(s.cashOut))}
          {row('Должно быть в кассе', formatRoubles(s.expectedCash), 'expected-cash')}
          {row('Пересчитано', formatRoubles(s.counted.cash), 'counted-cash')}
          {row('Расхождение', differenceText(diff.cash), 'difference-cash')}
        </tbody>
      </table>
      <table>
        <caption>Карта</caption>
        <tbody>
          {row('По заказам', formatRoubles(s.expectedCard))}
          {row('По терминалу', formatRoubles(s.counted.card), 'counted-card')}
          {row('Расхождение', differenceText(diff.card), 'difference-card')}
        </tbody>
      </table>
      {s.cashMoves.length > 0 && (
        <>
          <h3>Движения наличных</h3>
          <ul>
            {s.cashMoves.map((m, i) => (
              <li key={i}>
                {m.direction === 'in' ? 'Внесено' : 'Выдано'}: {refLabel(reasons, m.category)}, {formatRoubles(m.amount)}
                {m.note && ` — ${m.note}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {s.note && <p className="shift-report__note">Объяснение: {s.note}</p>}
    </article>
  );
};

/**
 * The report laid out for paper, drawn straight into <body> as the order's ticket is (order-page.tsx), so that on paper
 * nothing else of the page is laid out; the screen never shows it (shift-report.css).
 */
export const ShiftReportSheet = ({ record }: { record: OfficeRecord }) =>
  createPortal(
    <div className="print-sheets shift-sheet" aria-hidden="true">
      <ShiftReport record={record} />
    </div>,
    document.body,
  );

/** Prints the report sheet on A4. */
export const printShiftReport = () => {
  const root = document.documentElement;
  root.dataset.print = 'shift';
  const done = () => {
    delete root.dataset.print;
    removeEventListener('afterprint', done);
  };
  addEventListener('afterprint', done);
  window.print();
};
