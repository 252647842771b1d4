import { useState } from 'react';
import { transfer } from '../../../../schema/entities/transfer';
import { today } from '../../../../schema/shared/day';
import { saveOfficeRecord } from '../../../data/records';
import { useNotice } from '../../../ui/notices';
import { useSession } from '../../../shared/auth/session';
import { quantityOf, quantityText } from './stock-names';
import type { Stock } from './use-stock';
import { WarehousePick } from './warehouse-pick';

/** «Переместить»: lines from one warehouse to another, stored as one fact on the device (offline too). */
export const TransferForm = ({ stock }: { stock: Stock }) => {
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
