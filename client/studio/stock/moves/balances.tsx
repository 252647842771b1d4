import { stockValue } from '../../../../schema/studio/stock/stock-value';
import { belowZeroMark } from './below-zero';
import { quantityText } from './stock-names';
import type { Stock } from './use-stock';
import { Money } from '../../../ui/money';
import { ClippedText } from '../../../ui/clipped-text';

/** Balances of every flower in every warehouse, from the device's records; below zero in red and «ушло в минус» (the cue to count). */
export const Balances = ({ stock }: { stock: Stock }) => {
  const rows = stock.flowers.filter((f) => stock.warehouses.some((w) => stock.book.balance(f.record.id, w.record.id) !== 0));
  // What each warehouse holds is worth at purchase prices (schema/studio/stock/stock-value.ts).
  const value = stockValue(stock.book.all(), stock.prices);
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">Остатки</h2>
      <p>
        Всего по закупочным ценам: <strong className="money"><Money value={value.total} /></strong>
      </p>
      {rows.length ? (
        <table className="stock-table stock-table--cards" aria-label="Остатки по складам">
          <thead>
            <tr>
              <th>Цветок или материал</th>
              {stock.warehouses.map((w) => (
                <th key={w.record.id} className="num">
                  {w.data.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr key={f.record.id}>
                <td>
                  <ClippedText text={f.record.title} />
                </td>
                {stock.warehouses.map((w) => {
                  const n = stock.book.balance(f.record.id, w.record.id);
                  return (
                    <td key={w.record.id} className={n < 0 ? 'num short' : 'num'} data-label={w.data.name}>
                      <span className="stock-table__label">{w.data.name}: </span>
                      {quantityText(n, stock.unit(f.data.unit))}
                      {n < 0 && ` — ${belowZeroMark}`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">По закупочным ценам</th>
              {stock.warehouses.map((w) => (
                <td key={w.record.id} className="num" data-label={w.data.name} data-testid={`warehouse-value-${w.record.id}`}>
                  <span className="stock-table__label">{w.data.name}: </span>
                  <Money value={value.byWarehouse.find((v) => v.warehouse === w.record.id)?.value ?? 0} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="muted">На складах пока ничего нет.</p>
      )}
    </section>
  );
};
