import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { can } from '../../../../schema/shared/access';
import { flower as flowerEntity, flowerKinds } from '../../../../schema/entities/flower';
import { formatNumber } from '../../../../schema/shared/money';
import { useLocal } from '../../../data/local-data-context';
import { useUnits } from '../../../data/ref-list';
import { useBalanceBook } from '../../../data/stock-balances';
import { useStockRecords } from '../../../data/stock-records';
import { useSession } from '../../../shared/auth/session';
import { BelowZero, belowZeroMark } from '../moves/below-zero';
import { stockValue } from '../../../../schema/studio/stock/stock-value';
import { money } from './money';
import './stock.css';

const qty = (n: number) => (n ? formatNumber(n) : '—');

/**
 * /admin/flowers: every flower and material with its unit, last and average purchase price (from posted invoices),
 * selling price per unit and stock in each warehouse and in all, read from the device (offline too, including
 * invoices posted here and not sent yet). The generic list and form of the entity are at /admin/flowers/list.
 */
export const FlowersPage = () => {
  const { user } = useSession();
  const { data } = useLocal();
  const stock = useStockRecords(data.shop.office);
  const unitOf = useUnits();
  const { book } = useBalanceBook(data.shop.office);
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('');
  const warehouses = stock.warehouses.filter((w) => w.data.active || stock.flowers.some((f) => book.balance(f.record.id, w.record.id)));
  // What the stock is worth at purchase prices (schema/studio/stock/stock-value.ts), whatever the search shows.
  const value = useMemo(() => stockValue(book.all(), stock.prices), [book, stock.prices]);
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase('ru');
    return stock.flowers.filter(({ data: f }) => (!kind || f.kind === kind) && (!q || flowerEntity.title(f).toLocaleLowerCase('ru').includes(q)));
  }, [stock.flowers, query, kind]);

  return (
    <section className="record-list" aria-labelledby="flowers-title">
      <header className="record-list__head">
        <h1 id="flowers-title">Цветы и материалы</h1>
        {can(user, 'create', flowerEntity) && (
          <Link to="/admin/$resource/$id" params={{ resource: flowerEntity.path, id: 'new' }} className="button">
            {flowerEntity.labels.create}
          </Link>
        )}
        <Link to="/admin/flowers/list" className="button button--ghost">
          Список для правки
        </Link>
        <Link to="/admin/$resource/$id" params={{ resource: 'invoices', id: 'new' }} className="button button--ghost">
          Новая накладная
        </Link>
      </header>
      <BelowZero />
      <p className="stock-value" data-testid="stock-value">
        Склад по закупочным ценам: <strong className="money">{money(value.total)}</strong>
        {value.unpriced.length > 0 && <span className="muted"> (без цены закупки: {value.unpriced.length} поз., в сумму не вошли)</span>}
      </p>
      <form className="record-list__tools" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span>Поиск</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Название, сорт, цвет" />
        </label>
        <label className="field">
          <span>Вид</span>
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">Все</option>
            {flowerKinds.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div className="record-list__scroll">
        <table className="stock-table">
          <thead>
            <tr>
              <th scope="col">Название</th>
              <th scope="col">Ед.</th>
              <th scope="col" className="num">
                Закупка, последняя
              </th>
              <th scope="col" className="num">
                Закупка, средняя
              </th>
              <th scope="col" className="num">
                Продажа
              </th>
              {warehouses.map(({ record: w, data: { name } }) => (
                <th key={w.id} scope="col" className="num">
                  {name}
                </th>
              ))}
              <th scope="col" className="num">
                Всего
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ record: { id }, data: f }) => {
              const price = stock.prices.get(id);
              const unit = unitOf(f.unit).label;
              const total = book.total(id);
              return (
                <tr key={id} data-flower={id}>
                  <td data-label="Название">
                    <Link to="/admin/$resource/$id" params={{ resource: flowerEntity.path, id }}>
                      {flowerEntity.title(f)}
                    </Link>
                  </td>
                  <td data-label="Ед.">{unit}</td>
                  <td data-label="Закупка, последняя" className="num">
                    {price ? money(price.last) : '—'}
                  </td>
                  <td data-label="Закупка, средняя" className="num">
                    {price ? money(price.average) : '—'}
                  </td>
                  <td data-label="Продажа" className="num">
                    {f.price ? money(f.price) : '—'}
                  </td>
                  {warehouses.map(({ record: w, data: { name } }) => {
                    const n = book.balance(id, w.id);
                    return (
                      <td key={w.id} data-label={name} className={n < 0 ? 'num stock-low' : 'num'}>
                        {qty(n)}
                        {n < 0 && ` — ${belowZeroMark}`}
                      </td>
                    );
                  })}
                  <td data-label="Всего" className={total < 0 ? 'num stock-low' : 'num'} data-testid={`stock-${id}`}>
                    {qty(total)}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="stock-table__value">
              <th scope="row" colSpan={5}>
                Стоимость по закупке
              </th>
              {warehouses.map(({ record: w, data: { name } }) => (
                <td key={w.id} data-label={name} className="num" data-testid={`stock-value-${w.id}`}>
                  {money(value.byWarehouse.find((v) => v.warehouse === w.id)?.value ?? 0)}
                </td>
              ))}
              <td data-label="Всего" className="num">
                {money(value.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {!stock.loading && !shown.length && <p className="muted">{query || kind ? 'Ничего не нашлось.' : 'Пока пусто.'}</p>}
    </section>
  );
};
