import { expect } from 'vitest';
import { today } from '../../schema/shared/day';
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

/**
 * The write-off journeys' studio: a cold room holding 20 roses bought at 90 ₽ on a posted invoice, and eucalyptus with
 * no stock, written by the manager. Answers the cold room's and the rose's ids.
 */
export const twentyRosesInTheCold = async (url: string, manager: string): Promise<{ cold: string; rose: string }> => {
  const made = recordSaver(url, manager);
  const cold = await made('warehouses', { name: 'Холодильник у окна' });
  const rose = await made('flowers', { name: 'Роза', variety: 'Freedom', unit: 'pcs', price: 250 });
  await made('flowers', { name: 'Эвкалипт', kind: 'greenery', unit: 'pcs' });
  await made('invoices', { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 20, price: 90 }], status: 'posted' });
  return { cold, rose };
};
