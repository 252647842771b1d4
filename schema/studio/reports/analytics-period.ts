import { z } from 'zod';
import { day, today } from '../../shared/day';

/**
 * The period of /admin/analytics (issue 21, item 4; DECISIONS «Analytics»): a preset counted in Moscow days — the
 * calendar day, week (from Monday), month, quarter or year that holds today, up to today — or any range of days.
 * It is compared with the period of the same number of days just before it.
 */
export const periodPresets = [
  { id: 'today', label: 'Сегодня' },
  { id: 'week', label: 'Неделя' },
  { id: 'month', label: 'Месяц' },
  { id: 'quarter', label: 'Квартал' },
  { id: 'year', label: 'Год' },
] as const;
const periodPreset = z.enum(['today', 'week', 'month', 'quarter', 'year'], { error: 'Нет такого периода' });
type PeriodPreset = z.infer<typeof periodPreset>;

/** The longest range a report covers: a leap year. Longer ones are years compared side by side, not one figure. */
const maxPeriodDays = 366;

const dayMs = 86_400_000;
const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);
/** The day `n` days after `d` (before, when negative). */
const addDays = (d: string, n: number): string => new Date(ms(d) + n * dayMs).toISOString().slice(0, 10);
/** How many days from `from` to `to`, both counted. */
const daysIn = (from: string, to: string): number => Math.round((ms(to) - ms(from)) / dayMs) + 1;

/** Body of POST /api/analytics/report: a preset, or a range `from`–`to` (both days counted). */
export const analyticsRequest = z
  .strictObject({ preset: periodPreset.optional(), from: day.optional(), to: day.optional() })
  .superRefine((r, ctx) => {
    if (r.preset) {
      if (r.from || r.to) ctx.addIssue({ code: 'custom', path: ['preset'], message: 'Укажите либо период, либо даты начала и конца' });
      return;
    }
    if (!r.from || !r.to) {
      ctx.addIssue({ code: 'custom', path: [r.from ? 'to' : 'from'], message: 'Укажите период или обе даты: начало и конец' });
      return;
    }
    // A day that did not parse has its own issue already.
    if (!day.safeParse(r.from).success || !day.safeParse(r.to).success) return;
    if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец периода раньше его начала' });
    else if (daysIn(r.from, r.to) > maxPeriodDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Период длиннее года: выберите не больше ${maxPeriodDays} дней` });
  });
export type AnalyticsRequest = z.infer<typeof analyticsRequest>;

/** A span of Moscow days, both ends counted. */
export interface Period {
  from: string;
  to: string;
}

/** The first day of the preset's calendar period that holds `t` (a Moscow day). */
const presetStart = (preset: PeriodPreset, t: string): string => {
  const [y, m] = [t.slice(0, 4), Number(t.slice(5, 7))];
  if (preset === 'today') return t;
  if (preset === 'week') return addDays(t, -((new Date(ms(t)).getUTCDay() + 6) % 7));
  if (preset === 'month') return `${y}-${t.slice(5, 7)}-01`;
  if (preset === 'quarter') return `${y}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
  return `${y}-01-01`;
};

/** The period a request names, on `now` (Moscow time). */
export const periodOf = (request: AnalyticsRequest, now = new Date()): Period => {
  if (request.from && request.to) return { from: request.from, to: request.to };
  const t = today(now);
  return { from: presetStart(request.preset ?? 'month', t), to: t };
};

/** The period of the same number of days just before `p`. */
export const previousPeriod = (p: Period): Period => {
  const n = daysIn(p.from, p.to);
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
};

/** The calendar month that holds `d`. */
export const monthOf = (d: string): Period => {
  const from = `${d.slice(0, 7)}-01`;
  const next = addDays(from, 32).slice(0, 7);
  return { from, to: addDays(`${next}-01`, -1) };
};

/** Every day of the period, in order. */
export const daysOf = (p: Period): string[] => Array.from({ length: daysIn(p.from, p.to) }, (_, i) => addDays(p.from, i));
