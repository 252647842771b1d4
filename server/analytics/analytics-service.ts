import { periodOf, type AnalyticsRequest } from '../../schema/studio/reports/analytics-period';
import { analyticsReport, type AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import type { Storage } from '../db/storage';
import { studioFacts } from './studio-facts';

/** POST /api/analytics/report: the period as asked (Moscow days), against the one before, from the studio's stored facts. */
export const analyticsReportOf = async (storage: Storage, request: AnalyticsRequest, now = new Date()): Promise<{ data: AnalyticsReport }> => {
  const period = periodOf(request, now);
  return { data: analyticsReport(await studioFacts(storage), period) };
};
