import type { AnalyticsRequest } from '../../schema/analytics-period';
import type { ApiAnswer } from '../../schema/api-contract';
import { api } from '../lib/record-call';

/**
 * The studio's figures for a period against the one before, computed by the server (admins only, online), which checks
 * the period as typed (an unknown preset from the address is the server's to refuse in Russian): so the body is sent
 * as the address has it, through the untyped `api`, and only the answer is the contract's.
 */
export const analyticsReport = (period: Record<keyof AnalyticsRequest, string | undefined>) => api<ApiAnswer<'POST /api/analytics/report'>>('/api/analytics/report', period);
