import { useState } from 'react';
import { countDifference, stockCount } from '../../../../schema/entities/stock-count';
import { today } from '../../../../schema/shared/day';
import { useOfficeOf } from '../../../data/office-of';
import { saveOfficeRecord } from '../../../data/records';
import { useNotice } from '../../../ui/notices';
import { useSession } from '../../../shared/auth/session';
import { dayText, quantityOf, quantityText } from './stock-names';
import type { Stock } from './use-stock';
import { WarehousePick } from './warehouse-pick';

/**
 * «Пересчёт»: an open count is a record on the device, each counted line stored as it is entered, so a count cut off
 * (a call, a closed tab, no network) is resumed from the list of open counts; «Закончить» writes the differences.
 */
export const Counts = ({ stock }: { stock: Stock }) => {
  const { user } = useSession();
  const notice = useNotice();
  const counts = useOfficeOf(stock.office, stockCount);
  const active = stock.warehouses.filter((w) => w.data.active);
  const [newWarehouse, setNewWarehouse] = useState('');
  const [openId, setOpenId] = useState('');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [error, setError] = useState('');
  const open = counts.items.filter((c) => c.data.status === 'open');
  const current = open.find((c) => c.record.id === openId);

  const write = async (data: unknown, id?: string) => {
    if (!user) throw new Error('Войдите, чтобы считать');
    return saveOfficeRecord(stock.office, stockCount, user.phone, stockCount.fields.parse(data), id);
  };
  const start = async () => {
    try {
      setOpenId(await write({ day: today(), warehouse: newWarehouse || active[0]?.record.id, lines: [] }));
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (!current)
    return (
      <section aria-labelledby="counts-title" className="stock-panel">
        <h2 id="counts-title">Пересчёт</h2>
        {open.map((c) => (
          <p key={c.record.id}>
            {stock.warehouseName(c.data.warehouse)}, {dayText(c.data.day)}: посчитано строк {c.data.lines.length}{' '}
            <button type="button" className="button button--ghost" onClick={() => setOpenId(c.record.id)}>
              Продолжить пересчёт
            </button>
          </p>
        ))}
        <div className="stock-filters">
          <WarehousePick label="Склад" value={newWarehouse || active[0]?.record.id || ''} onChange={setNewWarehouse} />
          <button type="button" className="button" disabled={!active.length} onClick={() => void start()}>
            Начать пересчёт
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </section>
    );

  const wh = current.data.warehouse;
  const counted = new Map(current.data.lines.map((l) => [l.flower, l]));
  const needle = search.trim().toLowerCase();
  // What the books say is there first, then the rest (a flower found that the books do not know of).
  const listed = stock.flowers
    .filter((f) => counted.has(f.record.id) || (needle ? f.record.title.toLowerCase().includes(needle) : stock.book.balance(f.record.id, wh) !== 0))
    .toSorted((a, b) => Number(counted.has(a.record.id)) - Number(counted.has(b.record.id)));

  const record = async (flowerId: string) => {
    const f = stock.flowerById.get(flowerId);
    if (!f) return;
    const n = quantityOf(typed[flowerId] ?? '', stock.unit(f.data.unit));
    if (typeof n === 'string') return setError(`${f.record.title}: ${n.toLowerCase()}`);
    if (n < 0) return setError(`${f.record.title}: насчитано не меньше нуля`);
    const line = { flower: flowerId, expected: stock.book.balance(flowerId, wh), counted: n };
    try {
      await write({ ...current.data, lines: [...current.data.lines.filter((l) => l.flower !== flowerId), line] }, current.record.id);
      setTyped((t) => ({ ...t, [flowerId]: '' }));
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const finish = async () => {
    if (!confirm(`Закончить пересчёт? Расхождения (${current.data.lines.filter((l) => countDifference(l) !== 0).length}) запишутся поправками.`)) return;
    try {
      await write({ ...current.data, status: 'finished' }, current.record.id);
      notice('Пересчёт закончен: расхождения записаны');
      setOpenId('');
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="counts-title" className="stock-panel">
      <h2 id="counts-title">
        Пересчёт: {stock.warehouseName(wh)}, {dayText(current.data.day)}
      </h2>
      <input type="search" placeholder="Найти цветок или материал" aria-label="Найти цветок для пересчёта" value={search} onChange={(e) => setSearch(e.target.value)} />
      <table className="stock-table stock-table--cards" aria-label="Строки пересчёта">
        <thead>
          <tr>
            <th>Что</th>
            <th className="num">По учёту</th>
            <th className="num">Насчитано</th>
            <th className="num">Расхождение</th>
          </tr>
        </thead>
        <tbody>
          {listed.map((f) => {
            const line = counted.get(f.record.id);
            const diff = line && countDifference(line);
            return (
              <tr key={f.record.id}>
                <td>{f.record.title}</td>
                <td className="num">
                  <span className="stock-table__label">По учёту: </span>
                  {quantityText(line?.expected ?? stock.book.balance(f.record.id, wh), stock.unit(f.data.unit))}
                </td>
                <td className="num">
                  <form
                    className="count-entry"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void record(f.record.id);
                    }}
                  >
                    <input inputMode="decimal" size={5} aria-label={`Насчитано: ${f.record.title}`} placeholder={line ? String(line.counted) : ''} value={typed[f.record.id] ?? ''} onChange={(e) => setTyped((t) => ({ ...t, [f.record.id]: e.target.value }))} />
                    <button type="submit" className="button button--ghost">
                      Записать
                    </button>
                  </form>
                </td>
                <td className={diff ? 'num short' : 'num'}>{line ? `${diff! > 0 ? '+' : ''}${quantityText(diff!, stock.unit(f.data.unit))}` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="form__buttons">
        <button type="button" className="button" disabled={!current.data.lines.length} onClick={() => void finish()}>
          Закончить пересчёт
        </button>
        <button type="button" className="button button--ghost" onClick={() => setOpenId('')}>
          Отложить
        </button>
      </p>
    </section>
  );
};
