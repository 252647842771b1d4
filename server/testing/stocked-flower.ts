import { expect } from 'vitest';
import { flower } from '../../schema/entities/flower';
import { slip } from '../../schema/entities/slip';
import { today } from '../../schema/shared/day';
import type { OfficeRecord } from '../../schema/shared/record';
import { pushNew, type Writer } from './both-paths';
import { call, demoPhones, signIn } from './test-shop';

/**
 * Two app servers on one store (`startTwoShops`) and a new flower `name` in stock: an admin makes it through A and
 * posts an invoice of 50 into the cold warehouse. `writeOff` is a florist's act on B, pushed as a device pushes it.
 */
export const flowerStockedOnTwoShops = async ({ a, b }: { a: { url: string }; b: { url: string } }, name: string) => {
  const admin = await signIn(a.url, demoPhones.admin);
  const florist: Writer = { cookie: await signIn(b.url, demoPhones.florist), phone: demoPhones.florist };
  const made = await call<{ data: OfficeRecord }>(a.url, '/api/flowers/update', { data: { ...flower.example, name } }, admin);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const rose = made.body.data;
  const day = today(new Date());
  const stocked = await call(a.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: rose.id, qty: 50, unit: 'pcs', price: 40 }] } }, admin);
  expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
  const writeOff = (qty = 1) => pushNew(b.url, slip, { day, warehouse: 'warehouse-cold', lines: [{ flower: rose.id, qty, reason: 'wilted', cost: 0 }], order: '', note: '' }, florist);
  return { admin, florist, rose, writeOff };
};
