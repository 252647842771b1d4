import type { AnalyticsRequest } from '../../schema/analytics-period';
import type { AnalyticsReport } from '../../schema/analytics-report';
import { api } from '../lib/api';

/** The studio's figures for a period against the one before, computed by the server (admins only, online), which checks the period as typed. */
export const analyticsReport = (period: Record<keyof AnalyticsRequest, string | undefined>) => api<{ data: AnalyticsReport }>('/api/analytics/report', period);
