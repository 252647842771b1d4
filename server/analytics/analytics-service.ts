import { periodOf, type AnalyticsRequest } from '../../schema/studio/reports/analytics-period';
import { analyticsReportOfDays } from '../../schema/studio/reports/analytics-days';
import type { AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import type { Storage } from '../db/storage';
import type { StockProjection } from '../stock/stock-projection';
import type { DaySummary } from './day-summary';
import { reportContext } from './studio-facts';

/**
 * POST /api/analytics/report: the period as asked (Moscow days), against the one before, from this app server's sums
 * by day caught up with the store (DECISIONS «Analytics sums days»); the stock's worth from its stock projection.
 */
export const analyticsReportOf = async (storage: Storage, request: AnalyticsRequest, now: Date, days: DaySummary, stock: StockProjection): Promise<{ data: AnalyticsReport }> => {
  const period = periodOf(request, now);
  const { sums, always } = await days.read();
  return { data: analyticsReportOfDays(sums, await reportContext(storage, always, stock), period) };
};
