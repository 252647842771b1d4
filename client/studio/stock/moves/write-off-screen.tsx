import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { qtyIssue } from '../../../../schema/shared/unit';
import { slip } from '../../../../schema/entities/slip';
import { stockLimitIssue } from '../../../../schema/studio/stock/stock-limit';
import { writeOffChoices, writeOffUses } from '../../../../schema/studio/stock/write-off-choices';
import { today } from '../../../../schema/shared/day';
import { useFormAction } from '../../../lib/use-form-action';
import { useOfficeOf } from '../../../data/office-of';
import { saveOfficeRecord } from '../../../data/records';
import { useRefList } from '../../../data/ref-list';
import { refLabel } from '../../../../schema/entities/ref';
import { useNotice } from '../../../ui/notices';
import { useSession } from '../../../shared/auth/session';
import { quantityText } from './stock-names';
import { useStockReading } from './use-stock';
import { drawnWriteOff } from './drawn-write-off';
import { openedLocal, useLocalUnlessDrawn } from '../../../data/local-data-context';
import { studioPulled$ } from '../../../data/sync/pulled-mark';
import { useObservable } from '../../../lib/use-observable';
import { useHydrated } from '../../../lib/use-hydrated';
import { WarehousePick } from './warehouse-pick';
import './stock-moves.css';

interface Line {
  flower: string;
  qty: number;
  reason: string;
}

const quickQuantities = [1, 2, 3, 5, 10, 20];
/** How many flowers the picker shows before a search. */
const shown = 8;

/**
 * «Списать» (/admin/slips/new): a write-off act on a phone, offline too. Pick the warehouse once; per line pick a
 * flower (search, the ones written off lately first), then two taps: a quantity and a reason, which adds the line.
 * The chosen warehouse's balance shows beside each flower; a line beyond it is flagged, and refused while online
 * (DECISIONS «Stock limits»). «Списать» stores the act on the device with each line's cost from purchase prices.
 */
export const WriteOffScreen = ({ initial, onSaved }: { initial?: Record<string, unknown>; onSaved?: () => void }) => {
  // The choices the server wrote into the page (issue 32, item 1) show until the device's store is open and holds the
  // studio's office records; without them the form waits for the store as before. One form either way: what is typed
  // or picked meanwhile stays. The server draws the form from them too (client/entry-server.tsx): its choices are not
  // to be used before the tab has taken the page over (`useHydrated`), what is typed or picked then would be lost.
  const drawn = drawnWriteOff();
  const hydrated = useHydrated();
  const local = useLocalUnlessDrawn(!!drawn);
  const office = local?.data.shop.office ?? null;
  const device = useStockReading(office);
  const deviceActs = useOfficeOf(office, slip);
  const deviceReasons = useRefList('write-off-reason');
  const pulled = useObservable(studioPulled$, studioPulled$.value);
  const fromPage = drawn && (!office || !pulled || device.loading || deviceActs.loading) ? drawn : null;
  const stock = fromPage?.stock ?? device;
  const deviceUses = useMemo(() => writeOffUses(deviceActs.items.map((a) => ({ createdAt: a.record.createdAt, flowers: a.data.lines.map((l) => l.flower) }))), [deviceActs]);
  const uses = fromPage?.uses ?? deviceUses;
  const { user } = useSession();
  const notice = useNotice();
  const reasonEntries = fromPage?.reasons ?? deviceReasons;
  const reasons = { choices: reasonEntries.filter((e) => e.active), label: (code: string) => refLabel(reasonEntries, code) };
  // A refused act opened again (`?from=`) starts with its warehouse and lines; each line's cost is read again on saving.
  const [start] = useState(() => (initial ? slip.fields.safeParse(initial).data : undefined));
  const [chosenWarehouse, setWarehouse] = useState(start?.warehouse ?? '');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState('');
  const [qty, setQty] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [lines, setLines] = useState<Line[]>(() => start?.lines.map(({ flower: f, qty: n, reason }) => ({ flower: f, qty: n, reason })) ?? []);
  const { busy, failure: error, run, fail: setError } = useFormAction();

  const active = stock.warehouses.filter((w) => w.data.active);
  const wh = chosenWarehouse || active[0]?.record.id || '';
  const flower = stock.flowerById.get(picked);

  /** What the warehouse holds of a flower, less what this act already writes off. */
  const left = (id: string) => stock.book.balance(id, wh) - lines.filter((l) => l.flower === id).reduce((s, l) => s + l.qty, 0);

  /** Before a search, what the warehouse holds, most written off first (schema/studio/stock/write-off-choices.ts); a search looks in every name. */
  const needle = search.trim().toLowerCase();
  const usable = stock.flowers.filter((f) => f.data.active);
  const offered = needle
    ? usable.filter((f) => f.record.title.toLowerCase().includes(needle))
    : writeOffChoices(
        usable.map((f) => ({ id: f.record.id, title: f.record.title, f })),
        left,
        uses,
        shown,
      ).map((c) => c.f);

  const pickQty = (n: number | null) => {
    setError('');
    setQty(n);
  };

  const addLine = (reason: string) => {
    if (!flower) return setError('Выберите цветок или материал');
    const n = qty ?? Number(typed.replace(',', '.'));
    const issue = !typed && qty === null ? 'Выберите количество' : !(n > 0) ? 'Количество больше нуля' : qtyIssue(stock.unit(flower.data.unit), n);
    if (issue) return setError(issue);
    setLines((old) => [...old, { flower: flower.record.id, qty: n, reason }]);
    setPicked('');
    setQty(null);
    setTyped('');
    setSearch('');
    setError('');
  };

  const save = async () => {
    if (!user) return setError('Войдите, чтобы списать');
    const act = slip.fields.safeParse({
      day: today(),
      warehouse: wh,
      lines: lines.map((l) => ({ ...l, cost: stock.prices.get(l.flower)?.average ?? 0 })),
    });
    if (!act.success) return setError(act.error.issues[0]?.message ?? 'Акт не сохранён');
    // Online the server refuses an act that takes more than the warehouse holds, so it is said here first; offline
    // it is kept and the balance goes «в минус» when it arrives (DECISIONS «Stock limits»).
    if (globalThis.navigator?.onLine !== false) {
      const names = {
        warehouse: stock.warehouseName,
        flower: (id: string) => {
          const f = stock.flowerById.get(id);
          return { title: f?.record.title ?? id, unit: stock.unit(f?.data.unit).label };
        },
      };
      const over = stockLimitIssue({ type: slip.type, v: slip.version, data: act.data }, stock.book, names);
      if (over) return setError(over);
    }
    await run(async () => {
      // Before the device's store has opened (the page's choices), the act waits for it: it is written there and
      // pushed as every act is, offline too.
      await saveOfficeRecord(office ?? (await openedLocal()).data.shop.office, slip, user.phone, act.data);
      notice(`Списано строк: ${lines.length}`);
      setLines([]);
      onSaved?.();
    });
  };

  if (stock.loading) return <p className="muted">Загрузка…</p>;
  if (!active.length)
    return (
      <section className="record-screen write-off">
        <h1>Списать</h1>
        <p>На устройстве нет ни одного склада. Их заводит менеджер в разделе «Склады».</p>
        <Link to="/admin/$resource" params={{ resource: 'warehouses' }}>Склады</Link>
      </section>
    );

  return (
    <section className="record-screen write-off" aria-label="Списать">
      <h1>Списать</h1>
      <WarehousePick label="Склад" value={wh} onChange={setWarehouse} choices={fromPage ? active.map((w) => ({ id: w.record.id, name: w.data.name })) : undefined} disabled={!hydrated} />

      <fieldset className="write-off__step" disabled={!hydrated}>
        <legend>Что списать</legend>
        <input type="search" placeholder="Найти цветок или материал" aria-label="Найти цветок или материал" value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="chips" role="group" aria-label="Цветы и материалы">
          {offered.map((f) => {
            const n = left(f.record.id);
            return (
              <button key={f.record.id} type="button" className="chip" aria-pressed={picked === f.record.id} onClick={() => setPicked(f.record.id)}>
                <span>{f.record.title}</span>
                <span className={n < 0 ? 'chip__note chip__note--short' : 'chip__note'}>{quantityText(n, stock.unit(f.data.unit))}</span>
              </button>
            );
          })}
          {!offered.length && <p className="muted">{needle ? 'Ничего не нашлось.' : 'На этом складе ничего нет: найдите цветок по названию.'}</p>}
        </div>
      </fieldset>

      {flower && (
        <>
          <fieldset className="write-off__step">
            <legend>
              Сколько: {flower.record.title} (на складе {quantityText(left(flower.record.id), stock.unit(flower.data.unit))})
            </legend>
            <div className="chips" role="group" aria-label="Количество">
              {quickQuantities.map((n) => (
                <button key={n} type="button" className="chip chip--qty" aria-pressed={qty === n} onClick={() => pickQty(qty === n ? null : n)}>
                  {n}
                </button>
              ))}
              <input
                className="chip-input"
                inputMode="decimal"
                aria-label="Другое количество"
                placeholder="другое"
                value={typed}
                onChange={(e) => {
                  setTyped(e.target.value);
                  pickQty(null);
                }}
              />
            </div>
          </fieldset>
          <fieldset className="write-off__step">
            <legend>Причина</legend>
            <div className="chips" role="group" aria-label="Причина">
              {reasons.choices.map((r) => (
                <button key={r.code} type="button" className="chip" onClick={() => addLine(r.code)}>
                  {r.label}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}

      {lines.length > 0 && (
        <section aria-label="Строки акта" className="write-off__lines">
          <h2>В акте</h2>
          <ul>
            {lines.map((l, i) => {
              const f = stock.flowerById.get(l.flower);
              const over = stock.book.balance(l.flower, wh) < lines.slice(0, i + 1).filter((x) => x.flower === l.flower).reduce((s, x) => s + x.qty, 0);
              return (
                <li key={i}>
                  <span>
                    {f?.record.title ?? l.flower} — {quantityText(l.qty, stock.unit(f?.data.unit))} · {reasons.label(l.reason)}
                  </span>
                  {over && <span className="mark mark--strong">больше, чем на складе</span>}
                  <button type="button" className="button button--ghost" aria-label={`Убрать строку: ${f?.record.title ?? l.flower}`} onClick={() => setLines((old) => old.filter((_, j) => j !== i))}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="button" disabled={busy || !hydrated} onClick={() => void save()}>
            Списать ({lines.length})
          </button>
        </section>
      )}
      <p>
        <Link to="/admin/$resource" params={{ resource: 'slips' }}>К списаниям</Link>
      </p>
    </section>
  );
};
