import { expect } from 'vitest';
import type { OfficeRecord } from '../../schema/shared/record';
import { call } from './test-shop';

/**
 * Saves office records through the record API as `cookie`'s staff member (`/api/{path}/update`), expecting 200, and
 * answers each record's id: how a test sets up warehouses, flowers, invoices and acts before what it checks.
 *
 *   const save = recordSaver(shop.url, manager);
 *   const cold = await save('warehouses', { name: 'Холодильник' });
 */
export const recordSaver =
  (url: string, cookie: string) =>
  async (path: string, data: unknown, as = cookie): Promise<string> => {
    const answer = await call<{ data: OfficeRecord }>(url, `/api/${path}/update`, { data }, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id;
  };
