import crypto from 'node:crypto';
import { expect } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { draftOf } from './order-rush';
import { call, demoPhones, signIn } from './test-shop';
import { recordSaver } from './record-saver';

const customer = '79440000701';

/**
 * A studio for tech-card tests: a cold room, 100 roses at 90 ₽ and 20 eucalyptus stems at 40,50 ₽ on a posted invoice,
 * a base card (3 eucalyptus) and a card for a catalogue bouquet (15 roses and the base), with helpers to read the
 * office as a staff device pulls it, place orders and send order commands.
 */
export const techCardStudio = async (url: string, staff?: { florist: string; manager: string }) => {
  // `staff`: sessions made already (a store shared with tests that sign the demo's staff in: one code a minute).
  const [florist, manager, me] = await Promise.all([staff?.florist ?? signIn(url, demoPhones.florist), staff?.manager ?? signIn(url, demoPhones.manager), signIn(url, customer)]);
  const save = recordSaver(url, manager);
  const cold = await save('warehouses', { name: 'Холодильник мастерской' });
  const rose = await save('flowers', { name: 'Роза', unit: 'pcs' });
  const euc = await save('flowers', { name: 'Эвкалипт', kind: 'greenery', unit: 'pcs' });
  await save('invoices', { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 100, price: 90 }, { flower: euc, qty: 20, price: 40.5 }], status: 'posted' }, florist);
  const { body } = await call<{ data: { items: Product[] } }>(url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const [bouquet, vase] = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 20);
  const base = await save('products', { name: 'Основа из эвкалипта', warehouse: cold, lines: [{ flower: euc, qty: 3 }] }, florist);
  const card = await save('products', { name: bouquet.name, warehouse: cold, lines: [{ flower: rose, qty: 15 }, { card: base, qty: 1 }], product: bouquet.id, price: 4500 }, florist);

  const office = async (): Promise<OfficeRecord[]> => {
    const res = await fetch(`${url}/db/office/_all_docs?include_docs=true`, { headers: { cookie: florist } });
    const { rows } = (await res.json()) as { rows: { id: string; doc: Omit<OfficeRecord, 'id'> }[] };
    return rows.map((r) => ({ ...r.doc, id: r.id }) as OfficeRecord);
  };
  const balance = async (flower: string) => balanceBookOf(await office()).balance(flower, cold);
  const slipsOf = async (order: string) => (await office()).filter((r) => r.type === 'slip' && r.data.order === order);
  const place = async (lines = [{ id: bouquet.id, count: 2 }, { id: vase.id, count: 1 }], id?: string) => {
    const placed = await call<{ data: Order }>(url, '/api/orders/create', { ...draftOf(customer, lines), date: nextDay(nextDay(today())), ...(id ? { id } : {}) }, me);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };
  const send = (order: string, action: OrderAction, id = `cmd-${crypto.randomUUID()}`, cookie = florist) =>
    call<{ error?: string }>(url, '/api/orders/command', { id, order, action }, cookie);
  /** Another posted invoice into the cold room: the bouquet sells only as many as its stems make (DECISIONS «One stock truth for bouquets»). */
  const restock = async (roses = 100, eucalyptus = 20) => {
    const count = async () => (await call<{ data: Product }>(url, '/api/items/get', { id: bouquet.id })).body.data.count;
    const before = await count();
    await save('invoices', { day: today(), warehouse: cold, lines: [{ flower: rose, qty: roses, price: 90 }, { flower: euc, qty: eucalyptus, price: 40.5 }], status: 'posted' }, florist);
    // The catalogue's count follows the office a moment later (server/stock/bouquet-stock.ts).
    for (let i = 0; i < 100 && (await count()) === before; i++) await new Promise((r) => setTimeout(r, 50));
  };
  return { florist, manager, me, base, card, cold, rose, euc, bouquet, vase, office, balance, slipsOf, place, send, save, restock };
};

