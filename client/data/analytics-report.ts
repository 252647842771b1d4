import { analyticsRequest, type AnalyticsRequest } from '../../schema/studio/reports/analytics-period';
import { call } from '../lib/api';
import { refusedHere } from '../lib/record-call';

/**
 * The studio's figures for a period against the one before, computed by the server (admins only, online). The period
 * comes from the address as typed: it is parsed here by the schema the server parses it with, so an unknown preset is
 * refused with the server's Russian message without a round trip.
 */
export const analyticsReport = async (period: Record<keyof AnalyticsRequest, string | undefined>) => {
  const request = analyticsRequest.safeParse(period);
  if (!request.success) throw refusedHere(request.error);
  return call('POST /api/analytics/report', request.data);
};
