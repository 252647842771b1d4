import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { ref } from '../../schema/entities/ref';
import { transfer } from '../../schema/entities/transfer';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Saved = { data: OfficeRecord };
type Row = { id: string; ok?: boolean; error?: string; reason?: string };

const pushTo = async (url: string, cookie: string, docs: unknown[]): Promise<Row[]> => {
  const res = await fetch(`${url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
  return (await res.json()) as Row[];
};

/** A record as a staff phone writes it offline and its replication pushes it. */
const pushed = (id: string, type: string, v: number, phone: string, data: Record<string, unknown>) => {
  const now = Date.now();
  return { _id: id, type, v, title: id, day: '2026-11-25', createdBy: phone, createdAt: now, updatedBy: phone, updatedAt: now, data, _deleted: false };
};

describe('units from the studio’s unit list', () => {
  let shop: Shop;
  let admin: string;
  let manager: string;
  let florist: string;
  const day = '2026-11-25';

  beforeAll(async () => {
    // The books judge facts' days by this clock (server/days/rules.ts): the test's day is «today» whenever it runs.
    shop = await startTestShop({ booksClock: () => Date.parse(`${day}T12:00:00+03:00`) });
    [admin, manager, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist)]);
  });
  afterAll(() => shop.close());

  it('takes a unit an admin added on /admin/refs for a flower, and counts it whole or not as the admin said', async () => {
    const bunch = await call<Saved>(shop.url, '/api/refs/update', { data: { list: 'unit', code: 'bunch', label: 'пучок', position: 50, whole: true } }, admin);
    expect(bunch.status, JSON.stringify(bunch.body)).toBe(200);
    const gram = await call<Saved>(shop.url, '/api/refs/update', { data: { list: 'unit', code: 'g', label: 'г', position: 60, whole: false } }, admin);
    expect(gram.status, JSON.stringify(gram.body)).toBe(200);

    const gypso = await call<Saved>(shop.url, '/api/flowers/update', { data: { name: 'Гипсофила', kind: 'greenery', unit: 'bunch' } }, manager);
    expect(gypso.status, JSON.stringify(gypso.body)).toBe(200);
    const moss = await call<Saved>(shop.url, '/api/flowers/update', { data: { name: 'Мох', kind: 'material', unit: 'g' } }, manager);
    expect(moss.status, JSON.stringify(moss.body)).toBe(200);

    const supply = { day, warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: gypso.body.data.id, qty: 10, unit: 'bunch', price: 300 }, { flower: moss.body.data.id, qty: 250, unit: 'g', price: 2 }] };
    expect((await call(shop.url, '/api/invoices/update', { data: supply }, florist)).status).toBe(200);

    const halfBunch = await call<{ error: string }>(shop.url, '/api/transfers/update', { data: { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: gypso.body.data.id, qty: 1.5 }] } }, florist);
    expect(halfBunch.status).toBe(400);
    expect(halfBunch.body.error).toMatch(/Гипсофила.*целыми/);
    const someMoss = await call(shop.url, '/api/transfers/update', { data: { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [{ flower: moss.body.data.id, qty: 12.5 }] } }, florist);
    expect(someMoss.status, JSON.stringify(someMoss.body)).toBe(200);

    // A draft invoice is judged by its lines’ units too, through the API and a phone’s push alike.
    const draftLine = { flower: gypso.body.data.id, qty: 2.5, unit: 'bunch', price: 300 };
    const draft = await call<{ error: string }>(shop.url, '/api/invoices/update', { data: { day, warehouse: 'warehouse-cold', lines: [draftLine] } }, florist);
    expect(draft.status).toBe(400);
    expect(draft.body.error).toMatch(/целыми/);
    const [row] = await pushTo(shop.url, florist, [pushed('inv-half-bunch', 'invoice', invoice.version, demoPhones.florist, { day, warehouse: 'warehouse-cold', lines: [draftLine] })]);
    expect(row.error).toBe('conflict');
    expect(row.reason).toMatch(/целыми/);
  });

  it('follows the list when an admin changes whether a unit is whole, on the API and on a push', async () => {
    const ribbon = await call<Saved>(shop.url, '/api/flowers/update', { data: { name: 'Лента', kind: 'material', unit: 'pack' } }, manager);
    expect(ribbon.status).toBe(200);
    const line = { flower: ribbon.body.data.id, qty: 0.5 };
    // A pack in stock to move half of, twice (online, no more leaves a warehouse than it holds).
    const supply = { day, warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: ribbon.body.data.id, qty: 1, unit: 'pack', price: 50 }] };
    expect((await call(shop.url, '/api/invoices/update', { data: supply }, florist)).status).toBe(200);
    const before = await call(shop.url, '/api/transfers/update', { data: { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [line] } }, florist);
    expect(before.status).toBe(400);

    const pack = await call<Saved>(shop.url, '/api/refs/get', { id: 'ref-unit-pack' }, admin);
    expect(pack.status).toBe(200);
    expect(pack.body.data.data).toMatchObject({ code: 'pack', whole: true });
    const changed = await call(shop.url, '/api/refs/update', { id: 'ref-unit-pack', updatedAt: pack.body.data.updatedAt, data: { ...pack.body.data.data, whole: false } }, admin);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    expect((await call(shop.url, '/api/transfers/update', { data: { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [line] } }, florist)).status).toBe(200);
    const [row] = await pushTo(shop.url, florist, [pushed('tr-half-pack', 'transfer', transfer.version, demoPhones.florist, { day, from: 'warehouse-cold', to: 'warehouse-showcase', lines: [line] })]);
    expect(row.ok, JSON.stringify(row)).toBe(true);
  });

  it('refuses a flower pushed from a phone in a unit the list has not, and takes one in a unit pushed beside it', async () => {
    const envelope = (id: string, phone: string, fields: Record<string, unknown>) => {
      const { day: _day, ...rest } = pushed(id, '', 0, phone, fields);
      return rest;
    };
    const flowerDoc = (id: string, unit: string, phone: string = demoPhones.manager) => {
      const data = flower.fields.parse({ name: 'Эвкалипт', kind: 'greenery', unit });
      return { ...envelope(id, phone, data), type: 'flower', ...derivedFields(flower, data) };
    };
    const unitData = ref.fields.parse({ list: 'unit', code: 'sprig', label: 'ветка', position: 70, whole: true });
    const unitDoc = { ...envelope('ref-unit-sprig', demoPhones.admin, unitData), type: 'ref', ...derivedFields(ref, unitData) };
    const [unknown] = await pushTo(shop.url, manager, [flowerDoc('fl-push-crate', 'crate')]);
    expect(unknown.error).toBe('conflict');
    expect(unknown.reason).toMatch(/Единицы измерения.*нет значения «crate»/);
    const [entry, made] = await pushTo(shop.url, admin, [unitDoc, flowerDoc('fl-push-sprig', 'sprig', demoPhones.admin)]);
    expect([entry.ok, made.ok], JSON.stringify([entry, made])).toEqual([true, true]);
  });
});
