import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../schema/studio/reports/analytics-report';
import { clientIdOf } from '../../schema/entities/client';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Answer = { data?: Order; error?: string };
const cyrillic = /[а-яё]/i;

describe('order and client sources an admin adds on /admin/refs', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let manager: string;
  let bouquet: Product;

  beforeAll(async () => {
    shop = await startTestShop();
    [admin, manager] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!;
    for (const [list, code, label, active] of [
      ['order-source', 'telegram', 'Телеграм', true],
      ['order-source', 'fair', 'Ярмарка', false],
      ['client-source', 'telegram', 'Телеграм-канал', true],
    ] as const) {
      const added = await call(shop.url, '/api/refs/update', { data: { list, code, label, position: 90, active } }, admin);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
  });
  afterAll(() => shop.close());

  const phoneOrder = (phone: string, source: string) => {
    const draft = { ...draftOf(phone, [{ id: bouquet.id, count: 1 }]), source, customer: { phone, name: 'Мария' } };
    return call<Answer>(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: draft.id, action: { kind: 'create', draft } as OrderAction }, manager);
  };

  it('places a phone order from a source the admin added, and its new client card comes from the same source', async () => {
    const placed = await phoneOrder('79440000701', 'telegram');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({ source: 'telegram', customer: '79440000701' });
    const card = await call<{ data: OfficeRecord }>(shop.url, '/api/clients/get', { id: clientIdOf('79440000701') }, admin);
    expect(card.body.data.data).toMatchObject({ source: 'telegram' });
  });

  it('refuses, in Russian and before anything is written, a source the list has not or has switched off', async () => {
    for (const [source, reason] of [
      ['fax', /нет значения «fax»/],
      ['fair', /«Ярмарка».*отключено/],
    ] as const) {
      const refused = await phoneOrder('79440000702', source);
      expect(refused.status, source).toBe(400);
      expect(refused.body.error, source).toMatch(cyrillic);
      expect(refused.body.error, source).toMatch(reason);
    }
    expect((await call(shop.url, '/api/clients/get', { id: clientIdOf('79440000702') }, admin)).status).toBe(404);
  });

  it('takes a client card with a source the admin added and refuses an unknown one', async () => {
    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/clients/update', { data: { phone: '79440000703', name: 'Олег', source: 'telegram' } }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const unknown = await call<{ error: string }>(shop.url, '/api/clients/update', { data: { phone: '79440000704', name: 'Ирина', source: 'fax' } }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/Откуда клиенты.*нет значения «fax»/);
    const csv = await call<{ created: number; errors: { line: number; error: string }[] }>(
      shop.url,
      '/api/clients/import',
      { csv: 'phone,name,source\n79440000705,Анна,telegram\n79440000706,Пётр,fax\n', allOrNothing: false },
      admin,
    );
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
    expect(csv.body.created).toBe(1);
    expect(csv.body.errors).toEqual([{ line: 3, error: expect.stringMatching(/нет значения «fax»/) }]);
  });

  it('names a new source in analytics by the list’s name', async () => {
    const placed = await phoneOrder('79440000707', 'telegram');
    expect(placed.status).toBe(200);
    const day = placed.body.data!.date;
    const report = await call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', { from: day, to: day }, admin);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.current.bySource).toContainEqual(expect.objectContaining({ id: 'telegram', label: 'Телеграм' }));
  });
});
