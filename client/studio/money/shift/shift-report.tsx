import { shift } from '../../../../schema/entities/shift';
import { formatRoubles } from '../../../../schema/shared/money';
import { paidMethods } from '../../../../schema/studio/orders/order';
import { recordData, type OfficeRecord } from '../../../../schema/shared/record';
import { refLabel } from '../../../../schema/entities/ref';
import { useRefList } from '../../../data/ref-list';
import { shiftDifference, tillMethods } from '../../../../schema/studio/money/shift-takings';
import { staffName } from '../../../../schema/shared/user';
import { useStaffNames } from '../../../data/staff-directory';
import { PaperSheet, printPaper } from '../../../ui/paper-sheet';
import type { PrintedPaper } from '../../../ui/printed-paper';
import { differenceText, shiftPaper } from '../../kit/papers';
import './shift-report.css';
import { Money } from '../../../ui/money';

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
                {m.direction === 'in' ? 'Внесено' : 'Выдано'}: {refLabel(reasons, m.category)}, <Money value={m.amount} />
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
 * The report on paper: the studio's one paper layout (client/ui/paper-sheet.tsx, the same as /admin/documents prints),
 * drawn into <body> for the print; the screen never shows it.
 */
export const ShiftReportSheet = ({ record }: { record: OfficeRecord }) => {
  const paper = useShiftPaper(record);
  return paper ? <PaperSheet paper={paper} /> : null;
};

/** The shift report as the studio's paper: who closed it by name, the cash moves by the reasons' names; null when the record does not read. */
export const useShiftPaper = (record: OfficeRecord): PrintedPaper | null => {
  const names = useStaffNames();
  const reasons = useRefList('cash-reason');
  const s = recordData(shift, record);
  return s && shiftPaper(s, staffName(record.createdBy, names), closedAt(record.createdAt), (code) => refLabel(reasons, code));
};

/** Prints the report sheet on A4. */
export const printShiftReport = printPaper;
