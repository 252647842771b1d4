import { Link } from '@tanstack/react-router';
import { belowZero } from '../../../../schema/studio/stock/stock-limit';
import { quantityText } from './stock-names';
import { useStock } from './use-stock';
import './stock-moves.css';

/** The words a balance below zero is flagged with, beside it on every stock screen. */
export const belowZeroMark = 'ушло в минус';

/**
 * «Ушло в минус»: every flower × warehouse whose balance is below zero (a write-off recorded offline took more than
 * the books held), read from the device, until a count brings it to zero or above (schema/studio/stock/stock-limit.ts `belowZero`).
 * Shown on the dashboard, /admin/flowers and /admin/warehouses; nothing when there is none.
 */
export const BelowZero = () => {
  const stock = useStock();
  const rows = belowZero(stock.book);
  if (!rows.length) return null;
  return (
    <section className="below-zero" aria-labelledby="below-zero-title">
      <h2 id="below-zero-title">Ушло в минус</h2>
      <p className="muted">Списали больше, чем было по учёту. Пересчитайте склад — пересчёт вернёт остаток к тому, что есть на самом деле.</p>
      <ul>
        {rows.map((r) => {
          const f = stock.flowerById.get(r.flower);
          return (
            <li key={`${r.flower}/${r.warehouse}`} data-testid="below-zero">
              {f?.record.title ?? r.flower}, склад «{stock.warehouseName(r.warehouse)}»: <span className="short">{quantityText(r.qty, stock.unit(f?.data.unit))} — {belowZeroMark}</span>
            </li>
          );
        })}
      </ul>
      <Link to="/admin/$resource" params={{ resource: 'warehouses' }}>
        К пересчёту на складах
      </Link>
    </section>
  );
};
