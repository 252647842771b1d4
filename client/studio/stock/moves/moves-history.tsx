import { countDifference, stockCount } from '../../../../schema/entities/stock-count';
import { transfer } from '../../../../schema/entities/transfer';
import { staffName } from '../../../../schema/shared/user';
import { useOfficeOf } from '../../../data/office-of';
import { useStaffNames } from '../../../data/staff-directory';
import { VoidedMark, voidedClass } from '../../../ui/voided-mark';
import { dayText, quantityText } from './stock-names';
import type { Stock } from './use-stock';

/** The latest transfers and finished counts, with who made them; a voided one struck through. */
export const History = ({ stock }: { stock: Stock }) => {
  const names = useStaffNames();
  const transfers = useOfficeOf(stock.office, transfer);
  const counts = useOfficeOf(stock.office, stockCount);
  const rows = [
    ...transfers.items.map((t) => ({
      id: t.record.id, day: t.data.day, at: t.record.createdAt, who: t.record.createdBy,
      what: `Перемещение: ${stock.warehouseName(t.data.from)} → ${stock.warehouseName(t.data.to)}`,
      lines: t.data.lines.map((l) => `${stock.flowerById.get(l.flower)?.record.title ?? l.flower} — ${quantityText(l.qty, stock.unit(stock.flowerById.get(l.flower)?.data.unit))}`),
    })),
    ...counts.items.filter((c) => c.data.status === 'finished').map((c) => ({
      id: c.record.id, day: c.data.day, at: c.record.updatedAt, who: c.record.updatedBy,
      what: `Пересчёт: ${stock.warehouseName(c.data.warehouse)}`,
      lines: c.data.lines.filter((l) => countDifference(l) !== 0).map((l) => {
        const f = stock.flowerById.get(l.flower);
        const d = countDifference(l);
        return `${f?.record.title ?? l.flower}: ${d > 0 ? '+' : ''}${quantityText(d, stock.unit(f?.data.unit))}`;
      }),
    })),
  ].toSorted((a, b) => b.day.localeCompare(a.day) || b.at - a.at).slice(0, 30);
  return (
    <section aria-labelledby="moves-title">
      <h2 id="moves-title">Перемещения и пересчёты</h2>
      {rows.length ? (
        <ul className="stock-lines" aria-label="Перемещения и пересчёты">
          {rows.map((r) => (
            <li key={r.id} className={voidedClass(stock.voided.get(r.id))}>
              <span>
                {dayText(r.day)} · {r.what} · {staffName(r.who, names)}
                <VoidedMark mark={stock.voided.get(r.id)} />
                {r.lines.map((l, i) => (
                  <span key={i} className="stock-lines__detail">{l}</span>
                ))}
                {!r.lines.length && <span className="stock-lines__detail muted">без расхождений</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Пока не было.</p>
      )}
    </section>
  );
};
