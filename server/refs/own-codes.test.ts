import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdOf } from '../../schema/entities/client';
import { refId } from '../../schema/entities/ref';
import { posifloraItemId } from '../../schema/studio/reports/posiflora-mapping';
import type { PosifloraRun } from '../../schema/studio/reports/posiflora';
import type { OfficeRecord } from '../../schema/shared/record';
import { startPosifloraStandIn } from '../testing/posiflora-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Saved = { data: OfficeRecord };

/**
 * Records the server writes itself (a site customer's card, Posiflora's cards and flowers) pass neither the record
 * API nor /db/office: the codes they hold must still be entries the studio's lists have, though an admin deleted them.
 */
describe('reference codes in records the server writes itself', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let posiflora: Awaited<ReturnType<typeof startPosifloraStandIn>>;
  let admin: string;
  const entry = (id: string) => call<Saved>(shop.url, '/api/refs/get', { id }, admin);
  const remove = async (id: string) => expect((await call(shop.url, '/api/refs/delete', { id }, admin)).status).toBe(200);

  beforeAll(async () => {
    shop = await startTestShop();
    posiflora = await startPosifloraStandIn();
    admin = await signIn(shop.url, demoPhones.admin);
    for (const id of [refId('client-source', 'site'), refId('client-source', 'other'), refId('unit', 'm')]) await remove(id);
  });
  afterAll(async () => {
    await shop.close();
    await posiflora.close();
  });

  it('a site customer’s first sign-in makes a card «Сайт», and the list «Откуда клиенты» has «Сайт» again', async () => {
    await signIn(shop.url, '79440000801');
    const card = await call<Saved>(shop.url, '/api/clients/get', { id: clientIdOf('79440000801') }, admin);
    expect(card.body.data.data).toMatchObject({ source: 'site' });
    const site = await entry(refId('client-source', 'site'));
    expect(site.status).toBe(200);
    expect(site.body.data.data).toMatchObject({ list: 'client-source', code: 'site', label: 'Сайт', active: true });
  });

  it('Posiflora’s cards («Другое») and a flower in metres register what the admin deleted; the flower is then bought in metres', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    posiflora.data.customers.push({ id: 'c-1', type: 'customers', attributes: { title: 'Анна', phone: '+7 (916) 555-01-02', status: 'on', updatedAt: at } });
    posiflora.data['inventory-items'].push({ id: 'i-ribbon', type: 'inventory-items', attributes: { title: 'Лента атласная', itemType: 'item', fractional: true, priceMax: 40, updatedAt: at } });
    expect((await call(shop.url, '/api/posiflora/connect', { url: posiflora.url, username: 'studio', password: 'secret' }, admin)).status).toBe(200);
    const run = await call<{ data: PosifloraRun }>(shop.url, '/api/posiflora/run', {}, admin);
    expect(run.body.data.errors).toEqual([]);
    expect(run.body.data.counts.customers?.written).toBe(1);

    expect((await call<Saved>(shop.url, '/api/clients/get', { id: clientIdOf('79165550102') }, admin)).body.data.data).toMatchObject({ source: 'other' });
    expect((await entry(refId('client-source', 'other'))).body.data?.data).toMatchObject({ code: 'other', label: 'Другое', active: true });
    expect((await entry(refId('unit', 'm'))).body.data?.data).toMatchObject({ code: 'm', label: 'м', active: true, whole: false });

    // The imported ribbon goes on a supply invoice in its unit, by half-metres: the list has the unit, fractions allowed.
    const ribbon = posifloraItemId('i-ribbon');
    const invoice = await call(shop.url, '/api/invoices/update', { data: { day: '2026-11-25', warehouse: 'warehouse-cold', lines: [{ flower: ribbon, qty: 2.5, unit: 'm', price: 40 }] } }, admin);
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
  });

  it('leaves an entry the admin switched off as it is', async () => {
    const pcs = await entry(refId('unit', 'pcs'));
    expect((await call(shop.url, '/api/refs/update', { id: pcs.body.data.id, updatedAt: pcs.body.data.updatedAt, data: { ...pcs.body.data.data, active: false } }, admin)).status).toBe(200);
    posiflora.data['inventory-items'].push({ id: 'i-rose', type: 'inventory-items', attributes: { title: 'Роза', itemType: 'item', fractional: false, priceMax: 200, updatedAt: new Date().toISOString() } });
    const run = await call<{ data: PosifloraRun }>(shop.url, '/api/posiflora/run', {}, admin);
    expect(run.body.data.counts.items?.written).toBe(1);
    expect((await entry(refId('unit', 'pcs'))).body.data.data).toMatchObject({ active: false });
  });
});
