import type { AnalyticsRequest } from '../../../../schema/studio/reports/analytics-period';

/**
 * The period of /admin/analytics in its address, as the screen's filters (`f`, as every list keeps its filters):
 * `f.preset`, or `f.from` and `f.to`. Taken as typed: the server checks the period and says what is wrong
 * (schema/studio/reports/analytics-period.ts).
 */
type PeriodAsked = Record<keyof AnalyticsRequest, string | undefined>;

/** The part of a back-office screen's address the period lives in (studio/kit/list-search.ts). */
export interface ScreenSearch {
  f?: Record<string, string>;
}

/** What the screen asks the server for: the range when one is given, else the preset, the month by default. */
export const requestOf = ({ f = {} }: ScreenSearch): PeriodAsked =>
  f.from || f.to ? { preset: undefined, from: f.from, to: f.to } : { preset: f.preset ?? 'month', from: undefined, to: undefined };
