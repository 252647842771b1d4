import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { periodPresets } from '../../../../schema/studio/reports/analytics-period';
import { analyticsCsv } from '../../../../schema/studio/reports/analytics-csv';
import type { AnalyticsReport, PeriodFigures, Slice } from '../../../../schema/studio/reports/analytics-report';
import { formatRoubles } from '../../../../schema/shared/money';
import { ApiError } from '../../../lib/api';
import { analyticsReport } from '../../../data/analytics-report';
import { requestOf, type ScreenSearch } from './analytics-search';
import { RevenueChart } from './revenue-chart';
import './analytics.css';

const shown = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
const span = (p: { from: string; to: string }) => (p.from === p.to ? shown(p.from) : `${shown(p.from)} — ${shown(p.to)}`);
const count = new Intl.NumberFormat('ru-RU');
const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** How a figure moved against the previous period: «+12 %», or nothing to compare with. */
const change = (now: number, before: number) => (before ? signed.format((now - before) / before) : now ? 'раньше не было' : 'без изменений');

interface Tile {
  label: string;
  value: (f: PeriodFigures) => number | null;
  format: (v: number) => string;
}
const money = formatRoubles;
const tiles: Tile[] = [
  { label: 'Выручка', value: (f) => f.revenue, format: money },
  { label: 'Заказы', value: (f) => f.orders, format: (v) => count.format(v) },
  { label: 'Средний чек', value: (f) => f.averageCheck, format: money },
  { label: 'Валовая маржа', value: (f) => f.margin.value, format: money },
  { label: 'Потери за период', value: (f) => f.losses.total, format: money },
  { label: 'Потери, доля выручки', value: (f) => f.losses.share, format: (v) => percent.format(v) },
  { label: 'Новые клиенты', value: (f) => f.clients.new, format: (v) => count.format(v) },
  { label: 'Постоянные клиенты', value: (f) => f.clients.returning, format: (v) => count.format(v) },
];

const Tiles = ({ report }: { report: AnalyticsReport }) => (
  <ul className="analytics-tiles" aria-label="Итоги периода">
    {tiles.map((t) => {
      const [now, before] = [t.value(report.current), t.value(report.previous)];
      return (
        <li key={t.label} className="analytics-tile" data-figure={t.label}>
          <span className="muted">{t.label}</span>
          <strong className="analytics-tile__value">{now === null ? '—' : t.format(now)}</strong>
          <span className="muted">
            было {before === null ? '—' : t.format(before)}
            {now !== null && before !== null && `, ${change(now, before)}`}
          </span>
        </li>
      );
    })}
  </ul>
);

/** A split of revenue (source, payment, category) with the same slice of the previous period. */
const Slices = ({ title, what, now, before, total }: { title: string; what: string; now: Slice[]; before: Slice[]; total: number }) => (
  <section className="analytics-table" aria-label={title}>
    <h2>{title}</h2>
    {now.length ? (
      <table>
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">Заказы</th>
            <th scope="col">Сумма</th>
            <th scope="col">Доля</th>
            <th scope="col">Было</th>
          </tr>
        </thead>
        <tbody>
          {now.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.label}</th>
              <td>{count.format(s.orders)}</td>
              <td>{money(s.revenue)}</td>
              <td>{total ? percent.format(s.revenue / total) : '—'}</td>
              <td>{money(before.find((b) => b.id === s.id)?.revenue ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : (
      <p className="muted">Продаж за период нет.</p>
    )}
  </section>
);

const Tops = ({ report }: { report: AnalyticsReport }) => (
  <>
    <section className="analytics-table" aria-label="Топ букетов">
      <h2>Топ букетов</h2>
      {report.current.topBouquets.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Букет</th>
              <th scope="col">Штук</th>
              <th scope="col">Сумма</th>
            </tr>
          </thead>
          <tbody>
            {report.current.topBouquets.map((b) => (
              <tr key={b.id}>
                <th scope="row">{b.name}</th>
                <td>{count.format(b.units)}</td>
                <td>{money(b.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Продаж за период нет.</p>
      )}
    </section>
    <section className="analytics-table" aria-label="Топ цветов">
      <h2>Топ цветов</h2>
      {report.current.topFlowers.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Цветок или материал</th>
              <th scope="col">Количество</th>
              <th scope="col">Себестоимость</th>
            </tr>
          </thead>
          <tbody>
            {report.current.topFlowers.map((f) => (
              <tr key={f.id}>
                <th scope="row">{f.name}</th>
                <td>{count.format(f.qty)}</td>
                <td>{money(f.cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">Нет собранных по техкарте заказов: цветы считаются по актам сборки.</p>
      )}
    </section>
  </>
);

/**
 * What the stock is worth now at purchase prices, per warehouse and in all, and the period's losses by kind
 * (issue 29, item 3): both from the server's report (schema/studio/stock/stock-value.ts, write-off-report.ts).
 */
const StockAndLosses = ({ report: { stock, current } }: { report: AnalyticsReport }) => (
  <>
    <section className="analytics-table" aria-label="Склад по закупочным ценам">
      <h2>Склад по закупочным ценам</h2>
      <table>
        <tbody>
          {stock.byWarehouse.map((w) => (
            <tr key={w.warehouse}>
              <th scope="row">{w.name}</th>
              <td>{money(w.value)}</td>
            </tr>
          ))}
          <tr className="analytics-total" data-figure="Стоимость склада">
            <th scope="row">Всего сейчас</th>
            <td>{money(stock.total)}</td>
          </tr>
        </tbody>
      </table>
      {stock.unpriced > 0 && <p className="muted">Без цены закупки (ни одной проведённой накладной): {count.format(stock.unpriced)} поз. — в сумму не вошли.</p>}
    </section>
    <section className="analytics-table" aria-label="Потери за период">
      <h2>Потери за период</h2>
      <table>
        <tbody>
          <tr>
            <th scope="row">Списания</th>
            <td>{money(current.losses.writeOffs)}</td>
          </tr>
          <tr>
            <th scope="row">Недостачи при пересчёте</th>
            <td>{money(current.losses.shortages)}</td>
          </tr>
          <tr>
            <th scope="row">Собраны, заказ отменён</th>
            <td>{money(current.losses.cancelled)}</td>
          </tr>
          <tr className="analytics-total">
            <th scope="row">Всего</th>
            <td>{money(current.losses.total)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  </>
);

const monthName = (from: string) => new Date(`${from}T00:00:00Z`).toLocaleDateString('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const MonthCharges = ({ month }: { month: AnalyticsReport['month'] }) => (
  <section className="analytics-table" aria-label="Расходы месяца против маржи">
    <h2>Расходы за {monthName(month.from)} против маржи</h2>
    <table>
      <tbody>
        <tr>
          <th scope="row">Валовая маржа месяца{month.partial ? ' (неполная)' : ''}</th>
          <td>{money(month.margin)}</td>
        </tr>
        {month.byCategory.map((c) => (
          <tr key={c.category}>
            <th scope="row">{c.category}</th>
            <td>−{money(c.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Расходы всего</th>
          <td>−{money(month.charges)}</td>
        </tr>
        <tr className="analytics-total">
          <th scope="row">Остаётся</th>
          <td>{money(month.left)}</td>
        </tr>
      </tbody>
    </table>
  </section>
);

const downloadCsv = (report: AnalyticsReport) => {
  // A BOM, so Excel reads the Russian text as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', analyticsCsv(report)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `analytics-${report.current.from}-${report.current.to}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};

const here = { to: '/admin/$resource', params: { resource: 'analytics' } } as const;

const Period = ({ search }: { search: ScreenSearch }) => {
  const navigate = useNavigate();
  const [from, setFrom] = useState(search.f?.from ?? '');
  const [to, setTo] = useState(search.f?.to ?? '');
  const asked = requestOf(search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ ...here, search: { f: { from, to } } });
  };
  return (
    <div className="analytics-period">
      <nav className="chips" aria-label="Период">
        {periodPresets.map((p) => (
          <Link key={p.id} {...here} search={{ f: { preset: p.id } }} className={`chip${asked.preset === p.id ? ' chip--on' : ''}`} aria-current={asked.preset === p.id ? 'true' : undefined}>
            {p.label}
          </Link>
        ))}
      </nav>
      <form className="analytics-range" onSubmit={submit} aria-label="Свой период">
        <label>
          С <input type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} required />
        </label>
        <label>
          по <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} required />
        </label>
        <button type="submit" className="button button--ghost">
          Показать
        </button>
      </form>
    </div>
  );
};

/**
 * /admin/analytics (issue 21, item 4): the studio's figures for a period against the one before, computed by the
 * server. A custom screen of the back-office (studio/admin/screens.tsx), a chunk of its own; the period is its
 * filters in the address.
 */
export const AnalyticsScreen = ({ search }: { search: ScreenSearch }) => {
  const { preset, from, to } = requestOf(search);
  const [state, setState] = useState<{ key: string; report?: AnalyticsReport; error?: string }>({ key: '' });
  const key = JSON.stringify({ preset, from, to });
  useEffect(() => {
    let live = true;
    const request = { preset, from, to };
    const asked = JSON.stringify(request);
    analyticsReport(request).then(
      (r) => live && setState({ key: asked, report: r.data }),
      (e: unknown) => live && setState({ key: asked, error: e instanceof ApiError ? e.message : 'Не получилось посчитать, попробуйте ещё раз' }),
    );
    return () => {
      live = false;
    };
  }, [preset, from, to]);
  const report = state.key === key ? state.report : undefined;
  const error = state.key === key ? state.error : undefined;
  return (
    <section className="record-screen analytics" aria-busy={!report && !error}>
      <h1>Аналитика</h1>
      <Period key={key} search={search} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!report && !error && <p className="muted">Считаем…</p>}
      {report && (
        <>
          <p className="analytics-span">
            <span data-testid="period">{span(report.current)}</span> <span className="muted">против {span(report.previous)}</span>{' '}
            <button type="button" className="button button--ghost" onClick={() => downloadCsv(report)}>
              Скачать CSV
            </button>
          </p>
          <Tiles report={report} />
          {report.current.margin.partial && (
            <p className="analytics-note" role="note">
              Маржа неполная: {count.format(report.current.margin.withoutCard)} без техкарты на {money(report.current.margin.withoutCardRevenue)} не учтены —
              себестоимость берётся из актов сборки.
            </p>
          )}
          <section aria-label="Выручка по дням">
            <h2>Выручка по дням</h2>
            <RevenueChart current={report.current} previous={report.previous} />
            <details>
              <summary>Таблицей</summary>
              <table className="analytics-days">
                <tbody>
                  {report.current.byDay.map((d, i) => (
                    <tr key={d.day}>
                      <th scope="row">{shown(d.day)}</th>
                      <td>{count.format(d.orders)} зак.</td>
                      <td>{money(d.revenue)}</td>
                      <td className="muted">было {money(report.previous.byDay[i]?.revenue ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
          <div className="analytics-grid">
            <Slices title="По источникам" what="Источник" now={report.current.bySource} before={report.previous.bySource} total={report.current.revenue} />
            <Slices title="По способам оплаты" what="Способ оплаты" now={report.current.byPayment} before={report.previous.byPayment} total={report.current.revenue} />
            <Slices title="По категориям" what="Категория" now={report.current.byCategory} before={report.previous.byCategory} total={report.current.revenue} />
            <Tops report={report} />
            <StockAndLosses report={report} />
            <MonthCharges month={report.month} />
          </div>
        </>
      )}
    </section>
  );
};
