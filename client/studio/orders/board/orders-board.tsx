import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { orderStatuses, paymentStatuses, type Order } from '../../../../schema/studio/orders/order';
import { refLabel } from '../../../../schema/entities/ref';
import { useRefList } from '../../../data/ref-list';
import { staffName } from '../../../../schema/shared/user';
import { useLocal, useLocalIfOpen, type Local } from '../../../data/local-data-context';
import { studioPulled$ } from '../../../data/sync/pulled-mark';
import { drawnOrders } from './drawn-board';
import { useStaffNames } from '../../../data/staff-directory';
import { useObservable } from '../../../lib/use-observable';
import { filterOrders, groupBySlot, sourceOf, statusCounts } from './board-orders';
import { boardDays, boardSearch, dayPresets, unassigned, type BoardSearch } from './board-search';
import { onSoundChange, setSoundOn, soundChosen } from './chime';
import { courierNames$, dayOrders$, pendingCommandOrders$ } from './day-orders';
import { useNewOrderCue } from './new-order-cue';
import { OrderCard } from './order-card';
import { PushSetting } from './push-setting';
import { NewOrderLink } from '../studio-order/new-order-link';
import { useWaitingOrders } from '../studio-order/provisional-orders';
import './orders-board.css';
import { useOnline } from '../../../lib/use-online';
import { FilterSelect } from '../../../ui/filter-select';
import { orderNo } from '../../../../schema/studio/orders/order-number';

const dayTitle = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });
const showDay = (d: string) => dayTitle.format(new Date(`${d}T00:00:00Z`));

const noOrders: Order[] = [];
const noIds: ReadonlySet<string> = new Set<string>();
const noCouriers: ReadonlyMap<string, { name: string; active: boolean }> = new Map<string, { name: string; active: boolean }>();

/** What the board shows beside the orders, live from the device once its store is open. */
interface BoardLive {
  pending: ReadonlySet<string>;
  couriers: ReadonlyMap<string, { name: string; active: boolean }>;
  names: ReadonlyMap<string, string>;
  cue: ReturnType<typeof useNewOrderCue>;
}
const noNames = new Map<string, string>();
/** The server's drawn orders alone: nothing pending, no names or cues until the device answers. */
const drawnLive: BoardLive = { pending: noIds, couriers: noCouriers, names: noNames, cue: { arrivals: [], changes: [], dismiss: () => {} } };

/** A board with neither the device's store nor the server's drawn orders: it waits for the store (`useLocal` suspends). */
const WaitForStore = () => {
  useLocal();
  return null;
};

/** What the device's store shows for these days, as `LiveFeed` reports it to the board. */
interface LiveReading {
  from: string;
  to: string;
  orders: Order[];
  live: BoardLive;
}

/**
 * /admin/orders: the studio's day. The orders of the chosen delivery days come from the device (offline too) through
 * one indexed query; filters and the search live in the address; cards are grouped by slot in time order. Before the
 * device's store has opened and pulled the studio's orders, the orders the server wrote into the page show
 * (`drawnOrders`, issue 32, item 1). The board's view is one element before and after the store opens (the device's
 * reading comes from a sibling, `LiveFeed`): the page the server drew stays the same elements, not drawn again, so
 * nothing flashes and no new largest paint comes when the store opens.
 */
export const OrdersBoard = () => {
  const local = useLocalIfOpen();
  const { from, to } = boardDays(useSearch({ from: '/admin/orders' }));
  const drawn = drawnOrders(from, to);
  // Kept here, above the switch from the drawn orders to the device's, so filters opened before the store opened stay open.
  const filters = useState(false);
  const [reading, setReading] = useState<LiveReading | null>(null);
  if (!local && !drawn) return <WaitForStore />;
  // The device's reading of these days only (another day's, until the feed has answered for the new days, is not shown).
  const live = local && reading && reading.from === from && reading.to === to ? reading : null;
  return (
    <>
      {local && <LiveFeed local={local} drawn={drawn} from={from} to={to} onReading={setReading} />}
      <BoardView orders={live?.orders ?? drawn ?? noOrders} live={live?.live ?? drawnLive} filters={filters} />
    </>
  );
};

/** Whether the filters are unfolded (on a phone they fold behind one button), and its setter. */
type FiltersOpen = [boolean, (open: boolean) => void];

/** The device's orders of the days and what goes with them, reported to the board whenever they change; draws nothing. */
const LiveFeed = ({ local: { data }, drawn, from, to, onReading }: { local: Local; drawn: Order[] | null; from: string; to: string; onReading: (reading: LiveReading) => void }) => {
  const orders$ = useMemo(() => dayOrders$(data.shop.orders, from, to), [data, from, to]);
  const pending$ = useMemo(() => pendingCommandOrders$(data.shop.office), [data]);
  const couriers$ = useMemo(() => courierNames$(data.shop.office), [data]);
  const stored = useObservable(orders$, noOrders);
  // Until the device has pulled the studio's orders, an empty day there is «not here yet»: the server's drawn ones stay;
  // so they do until the device's query has answered at all (`noOrders` is only its value before), else the board
  // flashed empty between the two.
  const pulled = useObservable(studioPulled$, studioPulled$.value);
  const shown = drawn && (stored === noOrders || (!pulled && !stored.length)) ? drawn : stored;
  // Orders taken offline show before the server numbers them, marked as waiting (issue 18, item 10).
  const waiting = useWaitingOrders();
  const orders = useMemo(() => [...shown, ...waiting.filter((o) => o.date >= from && o.date <= to && !shown.some((s) => s.id === o.id))], [shown, waiting, from, to]);
  const pending = useObservable(pending$, noIds);
  const couriers = useObservable(couriers$, noCouriers);
  const names = useStaffNames();
  const { arrivals, changes, dismiss } = useNewOrderCue(data.shop.orders);
  // The cue's `dismiss` is made anew each render but only sets its state: the reading changes when what it shows does.
  const dismissed = useRef(dismiss);
  dismissed.current = dismiss;
  const cue = useMemo(() => ({ arrivals, changes, dismiss: () => dismissed.current() }), [arrivals, changes]);
  const live = useMemo(() => ({ pending, couriers, names, cue }), [pending, couriers, names, cue]);
  useEffect(() => onReading({ from, to, orders, live }), [from, to, orders, live, onReading]);
  return null;
};

/**
 * A slot's cards, laid out only when near the screen (`content-visibility`), with the height they will take meanwhile.
 * That height is set from the script, not written as a `style` attribute: the server draws the board (issue 32, item
 * 1), and the page's policy (`style-src 'self'`) refuses inline styles in its HTML.
 */
const SlotCards = ({ count, children }: { count: number; children: ReactNode }) => {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.style.setProperty('contain-intrinsic-size', `auto ${Math.ceil(count / 2) * 16}rem`);
  }, [count]);
  return (
    <div ref={box} className="orders-board__cards">
      {children}
    </div>
  );
};

const BoardView = ({ orders, live: { pending, couriers, names, cue }, filters }: { orders: Order[]; live: BoardLive; filters: FiltersOpen }) => {
  const online = useOnline();
  const search = useSearch({ from: '/admin/orders' });
  const navigate = useNavigate({ from: '/admin/orders' });
  const set = (patch: Partial<BoardSearch>) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true });
  const { from, to } = boardDays(search);
  const sources = useRefList('order-source');
  const sourceChoices = useMemo(() => sources.filter((s) => s.active).map((s) => ({ id: s.code, label: s.label })), [sources]);
  const { arrivals, changes, dismiss } = cue;
  const fresh = useMemo(() => new Set(arrivals.map((a) => a.id)), [arrivals]);

  // Typing in the search box stays responsive while a day of hundreds of cards is filtered again.
  const q = useDeferredValue(search.q);
  const { status, paid, florist, courier, source } = search;
  const shown = useMemo(() => filterOrders(orders, { status, paid, florist, courier, source, q }), [orders, status, paid, florist, courier, source, q]);
  const groups = useMemo(() => groupBySlot(shown), [shown]);
  const counts = useMemo(() => statusCounts(orders), [orders]);
  const florists = useMemo(() => [...new Set(orders.map((o) => o.florist).filter((f): f is string => !!f))].sort(), [orders]);
  // The server draws the board with the sound on (it cannot know this device's choice); the tab hydrates that, then shows its own.
  const sound = useSyncExternalStore(onSoundChange, soundChosen, () => true);
  // On a phone the filters fold behind one button, so the first screen shows orders (issue 18, item 13).
  const [filtersOpen, setFiltersOpen] = filters;
  const activeFilters = [status, paid, florist, courier, source, search.q].filter(Boolean).length;
  const manyDays = from !== to;

  return (
    <section className={`orders-board${filtersOpen ? ' orders-board--filters-open' : ''}`} aria-labelledby="orders-board-title">
      <div className="orders-board__head">
        <h1 id="orders-board-title">Заказы</h1>
        {/* The «Новый заказ» button (issue 10, item 4) goes into this slot. */}
        <div className="orders-board__actions" data-slot="new-order"><NewOrderLink /></div>
        <button type="button" className="button button--ghost" aria-pressed={sound} onClick={() => setSoundOn(!sound)}>
          {sound ? 'Звук заказов: вкл.' : 'Звук заказов: выкл.'}
        </button>
        <PushSetting />
      </div>

      {arrivals.length + changes.length > 0 && (
        <div className="orders-board__cue" role="status">
          {arrivals.length > 0 && <strong>{arrivals.length === 1 ? 'Новый заказ' : `Новые заказы: ${arrivals.length}`}</strong>}
          {arrivals.map((a) => (
            <Link key={a.id} to="/admin/orders/$id" params={{ id: a.id }}>
              {orderNo(a.number)} на {showDay(a.date)}, {a.slot}
            </Link>
          ))}
          {changes.map(({ order: c, kind }) => (
            <Link key={`${kind}-${c.id}`} to="/admin/orders/$id" params={{ id: c.id }}>
              {kind === 'cancelled' ? 'Отменён' : 'Оплачен'}: {orderNo(c.number)} на {showDay(c.date)}
            </Link>
          ))}
          <button type="button" className="link-button" onClick={dismiss}>
            Понятно
          </button>
        </div>
      )}

      <div className="orders-board__days" role="group" aria-label="Дни доставки">
        {dayPresets().map((p) => (
          <button key={p.label} type="button" className="button button--ghost" aria-pressed={from === p.from && to === p.from} onClick={() => set({ from: p.from, to: undefined })}>
            {p.label}
          </button>
        ))}
        <button type="button" className="button button--ghost orders-board__filters-toggle" aria-expanded={filtersOpen} aria-controls="orders-board-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
          {activeFilters ? `Фильтры: ${activeFilters}` : 'Фильтры'}
        </button>
        <label className="field field--inline">
          <span>С</span>
          <input type="date" value={from} onChange={(e) => e.target.value && set({ from: e.target.value, to: to < e.target.value ? undefined : to })} />
        </label>
        <label className="field field--inline">
          <span>по</span>
          <input type="date" value={to} min={from} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
      </div>

      <div className="orders-board__filters" id="orders-board-filters">
        <label className="field">
          <span>Поиск</span>
          <input type="search" value={search.q ?? ''} placeholder="Номер, телефон или имя" onChange={(e) => set({ q: e.target.value || undefined })} />
        </label>
        <FilterSelect label="Статус" value={search.status} options={orderStatuses.map((s) => ({ id: s.id, label: `${s.label} (${counts[s.id]})` }))} onChange={(v) => set({ status: boardSearch.shape.status.parse(v) })} />
        <FilterSelect label="Оплата" value={search.paid} options={paymentStatuses} onChange={(v) => set({ paid: boardSearch.shape.paid.parse(v) })} />
        <FilterSelect
          label="Флорист"
          value={search.florist}
          options={[{ id: unassigned, label: 'Не назначен' }, ...florists.map((f) => ({ id: f, label: staffName(f, names) }))]}
          onChange={(florist) => set({ florist })}
        />
        <FilterSelect
          label="Курьер"
          value={search.courier}
          options={[{ id: unassigned, label: 'Не назначен' }, ...[...couriers].filter(([, c]) => c.active).map(([id, c]) => ({ id, label: c.name }))]}
          onChange={(courier) => set({ courier })}
        />
        <FilterSelect label="Источник" value={search.source} options={sourceChoices} onChange={(v) => set({ source: boardSearch.shape.source.parse(v) })} />
      </div>

      <ul className="orders-board__counts" aria-label="Заказы по статусам">
        {orderStatuses.map((s) => (
          <li key={s.id}>
            <button type="button" className={`status-count status-count--${s.id}`} aria-pressed={search.status === s.id} onClick={() => set({ status: search.status === s.id ? undefined : s.id })}>
              {s.label}: <strong>{counts[s.id]}</strong>
            </button>
          </li>
        ))}
        <li className="muted">
          Показано {shown.length} из {orders.length}
        </li>
      </ul>

      {groups.length === 0 && <p className="muted">{orders.length ? 'Под эти условия заказов нет.' : 'На эти дни заказов нет.'}</p>}
      {groups.map((g) => (
        <section key={g.key} className="orders-board__slot" aria-label={`${manyDays ? `${showDay(g.date)}, ` : ''}${g.title}`}>
          <h2>
            {manyDays && <span>{showDay(g.date)}, </span>}
            {g.title} <span className="muted">· {g.orders.length}</span>
          </h2>
          <SlotCards count={g.orders.length}>
            {g.orders.map((o) => (
              <OrderCard key={o.id} order={o} florist={o.florist ? staffName(o.florist, names) : undefined} courier={o.courier ? couriers.get(o.courier)?.name : undefined} source={refLabel(sources, sourceOf(o))} pending={pending.has(o.id)} fresh={fresh.has(o.id)} online={online} />
            ))}
          </SlotCards>
        </section>
      ))}
    </section>
  );
};
