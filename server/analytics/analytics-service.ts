import { monthOf, periodOf, previousPeriod, type AnalyticsRequest, type Period } from '../../schema/studio/reports/analytics-period';
import { analyticsReport, type AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import type { Storage } from '../db/storage';
import { studioFacts, type ReportIndexes } from './studio-facts';

/** The days a report reads: its period, the one it is compared with, and the month its charges are of. */
export const reportWindow = (period: Period): Period => {
  const before = previousPeriod(period);
  const month = monthOf(period.to);
  return { from: [before.from, month.from].sort()[0], to: [period.to, month.to].sort()[1] };
};

/**
 * POST /api/analytics/report: the period as asked (Moscow days), against the one before, from the studio's stored facts
 * of those days (DECISIONS «Analytics reads its periods»); the stock's worth from this app server's projection.
 */
export const analyticsReportOf = async (storage: Storage, request: AnalyticsRequest, now: Date, indexes: ReportIndexes): Promise<{ data: AnalyticsReport }> => {
  const period = periodOf(request, now);
  return { data: analyticsReport(await studioFacts(storage, reportWindow(period), indexes), period) };
};
