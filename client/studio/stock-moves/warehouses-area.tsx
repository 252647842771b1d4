import { useState } from 'react';
import { qtyIssue, type Unit } from '../../../schema/unit';
import { countDifference, stockCount } from '../../../schema/entities/stock-count';
import { transfer } from '../../../schema/entities/transfer';
import { today } from '../../../schema/day';
import { staffName } from '../../../schema/user';
import { useOfficeOf } from '../../data/office-of';
import { saveOfficeRecord } from '../../data/records';
import { useStaffNames } from '../../data/staff-directory';
import { useNotice } from '../../ui/notices';
import { VoidedMark, voidedClass } from '../../ui/voided-mark';
import { useSession } from '../../shared/auth/session';
import { BelowZero, belowZeroMark } from './below-zero';
import { quantityText } from './stock-names';
import { useStock, type Stock } from './use-stock';
import { WarehousePick } from './warehouse-pick';
import './stock-moves.css';

const dayText = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long' });

/** A typed quantity for a flower: the number, or the Russian reason it is not one. */
const quantityOf = (text: string, unit: Unit): number | string => {
  const n = Number(text.replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n)) return 'Укажите количество';
  return qtyIssue(unit, n) ?? n;
};

/** Balances of every flower in every warehouse, from the device's records; below zero in red and «ушло в минус» (the cue to count). */
const Balances = ({ stock }: { stock: Stock }) => {
  const rows = stock.flowers.filter((f) => stock.warehouses.some((w) => stock.book.balance(f.record.id, w.record.id) !== 0));
  return (
    <section aria-labelledby="balances-title">
      <h2 id="balances-title">Остатки</h2>
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
                <td>{f.record.title}</td>
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
        </table>
      ) : (
        <p className="muted">На складах пока ничего нет.</p>
      )}
    </section>
  );
};

/** «Переместить»: lines from one warehouse to another, stored as one fact on the device (offline too). */
const TransferForm = ({ stock }: { stock: Stock }) => {
  const { user } = useSession();
  const notice = useNotice();
  const active = stock.warehouses.filter((w) => w.data.active);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [flower, setFlower] = useState('');
  const [qty, setQty] = useState('');
  const [lines, setLines] = useState<{ flower: string; qty: number }[]>([]);
  const [error, setError] = useState('');
  const source = from || active[0]?.record.id || '';
  const target = to || active.find((w) => w.record.id !== source)?.record.id || '';
  const picked = stock.flowerById.get(flower);

  const add = () => {
    if (!picked) return setError('Выберите цветок или материал');
    const n = quantityOf(qty, stock.unit(picked.data.unit));
    if (typeof n === 'string') return setError(n);
    if (!(n > 0)) return setError('Количество больше нуля');
    setLines((old) => [...old, { flower, qty: n }]);
    setFlower('');
    setQty('');
    setError('');
  };
  const save = async () => {
    if (!user) return setError('Войдите, чтобы переместить');
    const parsed = transfer.fields.safeParse({ day: today(), from: source, to: target, lines });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Перемещение не сохранено');
    try {
      await saveOfficeRecord(stock.office, transfer, user.phone, parsed.data);
      notice('Перемещено');
      setLines([]);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const taken = (id: string) => lines.filter((l) => l.flower === id).reduce((s, l) => s + l.qty, 0);

  return (
    <section aria-labelledby="transfer-title" className="stock-panel">
      <h2 id="transfer-title">Переместить</h2>
      <div className="stock-filters">
        <WarehousePick label="Откуда" value={source} onChange={setFrom} />
        <WarehousePick label="Куда" value={target} onChange={setTo} />
      </div>
      <div className="stock-filters">
        <label className="field">
          <span>Что</span>
          <select aria-label="Что" value={flower} onChange={(e) => setFlower(e.target.value)}>
            <option value="">Выберите</option>
            {stock.flowers.filter((f) => f.data.active).map((f) => (
              <option key={f.record.id} value={f.record.id}>
                {f.record.title} ({quantityText(stock.book.balance(f.record.id, source) - taken(f.record.id), stock.unit(f.data.unit))})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Сколько</span>
          <input aria-label="Сколько" inputMode="decimal" value={qty} onChange={(e) => setQty(e.target.value)} size={6} />
        </label>
        <button type="button" className="button button--ghost" onClick={add}>
          Добавить
        </button>
      </div>
      {lines.length > 0 && (
        <ul className="stock-lines" aria-label="Строки перемещения">
          {lines.map((l, i) => {
            const f = stock.flowerById.get(l.flower);
            const over = stock.book.balance(l.flower, source) < taken(l.flower);
            return (
              <li key={i}>
                <span>
                  {f?.record.title ?? l.flower} — {quantityText(l.qty, stock.unit(f?.data.unit))}
                </span>
                {over && <span className="mark mark--strong">больше, чем на складе</span>}
                <button type="button" className="button button--ghost" aria-label={`Убрать строку: ${f?.record.title ?? l.flower}`} onClick={() => setLines((old) => old.filter((_, j) => j !== i))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {lines.length > 0 && (
        <button type="button" className="button" onClick={() => void save()}>
          Переместить ({lines.length})
        </button>
      )}
    </section>
  );
};

/**
 * «Пересчёт»: an open count is a record on the device, each counted line stored as it is entered, so a count cut off
 * (a call, a closed tab, no network) is resumed from the list of open counts; «Закончить» writes the differences.
 */
const Counts = ({ stock }: { stock: Stock }) => {
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

/** The latest transfers and finished counts, with who made them; a voided one struck through. */
const History = ({ stock }: { stock: Stock }) => {
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

/** What /admin/warehouses shows below the warehouses' list: balances, transfers, counts and their history, offline too. */
export const WarehousesArea = () => {
  const stock = useStock();
  if (stock.loading) return <p className="muted">Загрузка…</p>;
  return (
    <div className="stock-area">
      <BelowZero />
      <Balances stock={stock} />
      <TransferForm stock={stock} />
      <Counts stock={stock} />
      <History stock={stock} />
    </div>
  );
};
