import { useEffect, useRef, useState } from 'react';
import type { PeriodFigures } from '../../../../schema/studio/reports/analytics-report';
import { formatNumber } from '../../../../schema/shared/money';

const seconds = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
const dayLabel = (s: number) => new Date(s * 1000).toLocaleDateString('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Revenue by day (bars) with the previous period's day by day (a line) under it. uPlot and its styles are fetched
 * by this component only, so they never reach a screen without the chart (DECISIONS «Analytics»).
 */
export const RevenueChart = ({ current, previous }: { current: PeriodFigures; previous: PeriodFigures }) => {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let live = true;
    const resize = () => plot && box.current && plot.setSize({ width: box.current.clientWidth, height: 260 });
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (!live || !box.current) return;
        const xs = current.byDay.map((d) => seconds(d.day));
        const bars = UPlot.paths.bars?.({ size: [0.7, 40] });
        plot = new UPlot(
          {
            width: box.current.clientWidth,
            height: 260,
            scales: { x: { time: false } },
            axes: [
              { values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? dayLabel(s) : '')) },
              { size: 70, values: (_u, splits) => splits.map((v) => formatNumber(v)) },
            ],
            series: [
              { label: 'День', value: (_u, v) => (v === null ? '' : dayLabel(v)) },
              { label: 'Выручка, ₽', fill: 'rgba(46, 125, 50, 0.55)', stroke: '#2e7d32', paths: bars, value: (_u, v) => (v === null ? '' : formatNumber(v)) },
              { label: 'Предыдущий период, ₽', stroke: '#9e9e9e', width: 2, dash: [6, 4], value: (_u, v) => (v === null ? '' : formatNumber(v)) },
            ],
          },
          [xs, current.byDay.map((d) => d.revenue), current.byDay.map((_, i) => previous.byDay[i]?.revenue ?? null)],
          box.current,
        );
        window.addEventListener('resize', resize);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      window.removeEventListener('resize', resize);
      plot?.destroy();
    };
  }, [current, previous]);
  return failed ? <p className="field-error">График не загрузился — цифры по дням в таблице ниже.</p> : <div ref={box} className="analytics-chart" data-testid="revenue-chart" />;
};
