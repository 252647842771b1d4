import { afterAll, beforeAll, describe, expect } from 'vitest';
import { contractor } from '../schema/entities/contractor';
import { slip } from '../schema/entities/slip';
import { techCard } from '../schema/entities/tech-card';
import { today } from '../schema/shared/day';
import { bothPaths, type BothPathsCase, type Writer } from './testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from './testing/test-shop';

/**
 * The rules of the books, one table run through both write paths (server/testing/both-paths.ts): a rule kept on one
 * path only fails here. Each domain's own rules have their own tables beside them; this one holds the rules the
 * pipeline took over from the twins written once per path.
 */
describe('the books’ rules hold on the record API and on a device’s push alike', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const staff: Record<'florist' | 'manager', Writer> = { florist: { cookie: '', phone: demoPhones.florist }, manager: { cookie: '', phone: demoPhones.manager } };
  beforeAll(async () => {
    shop = await startTestShop();
    staff.florist.cookie = await signIn(shop.url, demoPhones.florist);
    staff.manager.cookie = await signIn(shop.url, demoPhones.manager);
    // A rose to write off: online, no more leaves a warehouse than it holds (server/stock/rules.ts).
    const supply = { day: today(), warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: 'flower-rose-explorer', qty: 10, price: 90 }] };
    expect((await call(shop.url, '/api/invoices/update', { data: supply }, staff.manager.cookie)).status).toBe(200);
    const made = await call(shop.url, '/api/contractors/update', { data: { name: 'ООО «Ландыш»', inn: '7701234567', phones: ['79005554433'], credit: true, creditDays: 14 } }, staff.manager.cookie);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });
  afterAll(() => shop.close());

  const florist = () => staff.florist;
  const manager = () => staff.manager;
  const act = (line: Record<string, unknown>, over: Record<string, unknown> = {}) => () => ({
    day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 1, reason: 'wilted', cost: 0, ...line }], order: '', note: '', ...over,
  });
  const cases: BothPathsCase[] = [
    { name: 'a plain write-off of one rose', entity: slip, data: act({}), writer: florist },
    { name: 'a write-off reason the studio’s list lacks', entity: slip, data: act({ reason: 'nope' }), writer: florist, refused: /^Акт списания: Строки, строка 1 — .*«nope»/ },
    { name: 'the server’s own assembly reason', entity: slip, data: act({ reason: 'assembly' }), writer: florist, refused: /^Акт списания: .*«Сборка заказа» ставит только сервер/ },
    { name: 'a write-off naming an order', entity: slip, data: act({}, { order: 'order-0001' }), writer: florist, refused: /^Акт списания: Акт сборки заказа записывает только сервер/ },
    { name: 'two and a half roses', entity: slip, data: act({ qty: 2.5 }), writer: florist, refused: /Роза Explorer.*целыми/ },
    {
      name: 'a bouquet of one and a half roses',
      entity: techCard,
      data: () => ({ name: 'Полторы розы', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 1.5 }] }),
      writer: manager,
      refused: /Штуки считают целыми/,
    },
    {
      name: 'a phone on credit already another client’s',
      entity: contractor,
      data: () => ({ name: 'ООО «Василёк»', inn: '7707654321', phones: ['79005554433'], credit: true }),
      writer: manager,
      refused: /Ландыш/,
    },
  ];
  bothPaths(() => shop.url, cases);
});
