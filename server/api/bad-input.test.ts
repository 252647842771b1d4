import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccess, apiRoutes, type ApiRoute } from '../../schema/shared/api-routes';
import { defaultShopSettings } from '../../schema/studio/site/shop-settings';
import { defaultStudioProfile } from '../../schema/studio/team/studio-profile';
import { defaultCatalogSetup } from '../../schema/shop/catalog-setup';
import { defaultHomeCopy } from '../../schema/shop/home-copy';
import { defaultNavigation } from '../../schema/shop/navigation';
import { rawRequest } from '../testing/raw-request';
import { startPosifloraStandIn } from '../testing/posiflora-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

/** A valid body for each POST route, so that each broken variant differs from a working call in one way only. */
const valid: Partial<Record<ApiRoute, Record<string, unknown>>> = {
  'POST /api/login': { phone: '79330000001' },
  'POST /api/phone-verify': { phone: '79330000001', code: '1234' },
  'POST /api/user-update': { name: 'Анна' },
  'POST /api/qr-login': { identifier: 'computer-identifier-0001' },
  'POST /api/qr-device': { code: 'qr-code-that-does-not-exist' },
  'POST /api/qr-verify': { code: 'qr-code-that-does-not-exist' },
  'POST /api/info/notify': { message: 'addToCart' },
  'POST /api/items/list': { params: { skip: 0, limit: 20 }, query: {} },
  'POST /api/items/get': { id: 'p-001' },
  'POST /api/items/get-art': { art: 'B-1001' },
  'POST /api/items/get-list': { idList: ['p-001'] },
  'POST /api/items/update': { art: 'T-1', name: 'Тест', images: [], price: 100, count: 1, category: 'toys', itemType: 'gift' },
  'POST /api/items/delete': { id: 'p-001' },
  'POST /api/refs/search-item': { query: 'роза', limit: 5 },
  'POST /api/pages/get': { slug: 'info' },
  'POST /api/pages/update': { key: 'test-page', value: { title: 'Тест' } },
  'POST /api/pages/draft': { key: 'test-page', value: { title: 'Тест' } },
  'POST /api/pages/drafts': {},
  'POST /api/products/publish': { id: 'techCard-00000000' },
  'POST /api/posiflora/status': {},
  // The stand-in's address (set when it starts, below): a test never names a real Posiflora account.
  'POST /api/posiflora/connect': { url: 'http://127.0.0.1:9', username: 'studio', password: 'secret' },
  'POST /api/posiflora/disconnect': {},
  'POST /api/posiflora/run': {},
  'POST /api/posiflora/orders': { search: '' },
  'POST /api/profile/get': {},
  'POST /api/profile/update': { profile: defaultStudioProfile, updatedAt: 0 },
  'POST /api/catalog-setup/get': {},
  'POST /api/catalog-setup/update': { setup: defaultCatalogSetup, updatedAt: 0 },
  'POST /api/home-copy/get': {},
  'POST /api/home-copy/update': { copy: defaultHomeCopy, updatedAt: 0 },
  'POST /api/navigation/get': {},
  'POST /api/navigation/update': { navigation: defaultNavigation, updatedAt: 0 },
  'POST /api/settings/get': {},
  'POST /api/settings/update': { settings: defaultShopSettings, updatedAt: 0 },
  'POST /api/settings/sms-get': {},
  'POST /api/settings/sms-update': { url: '' },
  'POST /api/settings/receipts-get': {},
  'POST /api/settings/receipts-update': { settings: { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' } },
  'POST /api/receipts/list': {},
  'POST /api/receipts/resend': { id: 'receipt:sale:bad-input:none' },
  'POST /api/receipts/counter-register': {},
  'POST /api/receipts/device-release': { order: 'a1b2c3d4e5f6g7h8', command: 'p1b2c3d4e5f6g7h8' },
  'POST /api/settings/sms-test': { phone: '79000000099' },
  'POST /api/events/list': { month: 11, year: 2026 },
  'POST /api/events/update': { id: 'ev-bad-input-1', title: 'Тест', type: 'event', meta: { createdAt: 1 } },
  'POST /api/events/delete': { id: 'ev-bad-input-1' },
  'POST /api/clients/list': {},
  'POST /api/staff/list': {},
  'POST /api/staff/people': {},
  'POST /api/staff/update': { phone: '79330000009', name: 'Новый сотрудник', roles: ['florist'], add: true },
  'POST /api/staff/remove': { phone: '79330000009' },
  'POST /api/staff/changes': { skip: 0, limit: 20 },
  'POST /api/staff/workday': { phone: '79000000003', day: '2099-01-01', works: true },
  'POST /api/clients/import': { csv: 'phone,name\n79330000009,Тест\n' },
  'POST /api/clients/export': {},
  'POST /api/clients/merge': { keep: 'client-79330000001', drop: 'client-79330000002' },
  'POST /api/clients/history': { id: 'client-79330000001' },
  'POST /api/analytics/report': { preset: 'month' },
  'POST /api/stock/balances': {},
  'POST /api/backups/status': {},
  'POST /api/backups/run': {},
  'POST /api/orders/create': {
    id: 'bad-input-draft-0001',
    lines: [{ id: 'p-001', count: 1 }],
    sender: { name: 'Анна', phone: '79330000001' },
    recipient: { name: 'Ольга', phone: '79330000002' },
    delivery: { method: 'pickup' },
    date: '2099-01-01',
    slot: '09:00–12:00',
    payment: 'cash',
  },
  'POST /api/orders/list': { params: { skip: 0, limit: 20 }, query: {} },
  'POST /api/orders/update-status': { id: 'bad-input-draft-0001', status: 'confirmed' },
  'POST /api/orders/cancel': { id: 'bad-input-order-00001' },
  'POST /api/orders/command': { id: 'bad-input-command-01', order: 'bad-input-draft-0001', action: { kind: 'status', from: 'new', to: 'confirmed' } },
  'POST /api/favourites/list': {},
  'POST /api/favourites/change': { marks: [{ id: 'p-001', on: true, at: 1 }] },
  'POST /api/my/sms-get': {},
  'POST /api/my/sms-set': { sms: false },
  'POST /api/orders/notices': { id: 'no-such-order' },
  'POST /api/staff-push/key': {},
  'POST /api/staff-push/subscribe': { endpoint: 'https://push.example/bad-input', keys: { p256dh: 'BPcMbnWQL5GOYX_5LmhB6X0xy_uKvQ4xQcRpfkuh9CZZ', auth: 'c2VjcmV0LWF1dGg' } },
  'POST /api/staff-push/unsubscribe': { endpoint: 'https://push.example/bad-input' },
  'POST /api/payments/start': { order: 'bad-input-draft-0001', method: 'bank_card' },
  'POST /api/payments/check': { order: 'bad-input-draft-0001' },
  'POST /api/payments/on-delivery': { order: 'bad-input-draft-0001' },
  'POST /api/payments/notification': { type: 'notification', event: 'payment.succeeded', object: { id: 'bad-input-payment' } },
};

/** Fields that must be there: dropping them has to be refused. */
const required: Partial<Record<ApiRoute, string>> = {
  'POST /api/login': 'phone',
  'POST /api/phone-verify': 'code',
  'POST /api/user-update': 'name',
  'POST /api/qr-login': 'identifier',
  'POST /api/qr-device': 'code',
  'POST /api/qr-verify': 'code',
  'POST /api/info/notify': 'message',
  'POST /api/items/get': 'id',
  'POST /api/items/get-art': 'art',
  'POST /api/items/get-list': 'idList',
  'POST /api/items/update': 'price',
  'POST /api/items/delete': 'id',
  'POST /api/refs/search-item': 'query',
  'POST /api/pages/get': 'slug',
  'POST /api/pages/update': 'value',
  'POST /api/pages/draft': 'value',
  'POST /api/posiflora/connect': 'password',
  'POST /api/products/publish': 'id',
  'POST /api/profile/update': 'profile',
  'POST /api/catalog-setup/update': 'setup',
  'POST /api/home-copy/update': 'copy',
  'POST /api/navigation/update': 'navigation',
  'POST /api/settings/update': 'settings',
  'POST /api/settings/sms-update': 'url',
  'POST /api/settings/receipts-update': 'settings',
  'POST /api/receipts/resend': 'id',
  'POST /api/settings/sms-test': 'phone',
  'POST /api/events/list': 'month',
  'POST /api/staff/update': 'roles',
  'POST /api/staff/remove': 'phone',
  'POST /api/staff/workday': 'day',
  'POST /api/events/update': 'title',
  'POST /api/events/delete': 'id',
  'POST /api/orders/create': 'lines',
  'POST /api/orders/update-status': 'status',
  'POST /api/orders/command': 'action',
  'POST /api/orders/cancel': 'id',
  'POST /api/favourites/change': 'marks',
  'POST /api/my/sms-set': 'sms',
  'POST /api/orders/notices': 'id',
  'POST /api/staff-push/subscribe': 'keys',
  'POST /api/staff-push/unsubscribe': 'endpoint',
  'POST /api/payments/start': 'method',
  'POST /api/payments/check': 'order',
  'POST /api/payments/on-delivery': 'order',
  'POST /api/payments/notification': 'object',
};

const wrongType = (body: Record<string, unknown>) => {
  const [first] = Object.keys(body);
  return first ? { ...body, [first]: { nested: [true] } } : { params: 'двадцать' };
};

const cyrillic = /[а-яё]/i;
// The record API's routes are walked by server/records/record-api.test.ts, entity by entity; an upload takes a file's
// bytes, not JSON: its bad input is server/api/item-uploads.test.ts.
const uploads: ApiRoute[] = ['POST /api/items/upload-image'];
const postRoutes = (Object.keys(apiRoutes) as ApiRoute[]).filter((k) => k.startsWith('POST') && !uploads.includes(k));

describe('bad input to /api', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let snapshot: () => Promise<string>;
  let posiflora: Awaited<ReturnType<typeof startPosifloraStandIn>>;
  beforeAll(async () => {
    posiflora = await startPosifloraStandIn();
    valid['POST /api/posiflora/connect'] = { ...valid['POST /api/posiflora/connect'], url: posiflora.url };
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
    const dbs = ['catalog', 'pages', 'events', 'users', 'orders', 'counters', 'staff'].map((n) => shop.shop.storage.db(n));
    snapshot = async () => JSON.stringify(await Promise.all(dbs.map((d) => d.allDocs({ include_docs: true }))));
  });
  afterAll(async () => {
    await shop.close();
    await posiflora.close();
  });

  it('knows a valid body for every POST route', () => {
    const bodiless = ['POST /api/items/catalog', 'POST /api/pages/list', 'POST /api/user', 'POST /api/logout', 'POST /api/debts/list', 'POST /api/shift-books/list'];
    for (const key of postRoutes) if (!bodiless.includes(key)) expect(valid[key], key).toBeDefined();
  });

  for (const key of postRoutes) {
    const path = key.split(' ')[1];
    it(`${key} answers 4xx in Russian and stores nothing`, async () => {
      const before = await snapshot();
      const body = valid[key] ?? {};
      const variants: [string, string | Record<string, unknown>, number][] = [
        ['malformed JSON', '{"phone": "79', 400],
        ['unknown field', { ...body, hacker: true }, 400],
        ['wrong type', wrongType(body), 400],
        // A command may carry a photo (1.6 MB), a clients' import a CSV file (4 MB): their padding is larger.
        ['oversized body', { ...body, padding: 'я'.repeat(key === 'POST /api/orders/command' ? 900_000 : key === 'POST /api/clients/import' ? 2_500_000 : 200_000) }, 413],
      ];
      const field = required[key];
      if (field) {
        const { [field]: _dropped, ...missing } = body;
        variants.push(['missing field', missing, 400]);
      }
      for (const [what, payload, status] of variants) {
        const answer = await call<{ error: string }>(shop.url, path, payload, admin);
        expect(answer.status, `${key}: ${what}`).toBe(status);
        expect(answer.body.error, `${key}: ${what}`).toMatch(cyrillic);
      }
      expect(await snapshot(), `${key} stored something`).toBe(before);
    });
  }

  /**
   * The body declared is never sent in full, or never ends: any answer proves the server did not wait to read it.
   * Every route, GET ones and the pages and pictures outside /api included.
   */
  const everyPath: [string, string][] = [
    ...(Object.keys(apiAccess) as ApiRoute[]).map((k) => k.split(' ') as [string, string]),
    ['GET', '/'],
    ['GET', '/img/product/p-001.svg'],
    ['POST', '/api/no-such-route'],
  ];
  it.each(everyPath)('%s %s refuses a declared gigabyte unread and cuts off an endless chunked body, in Russian', async (method, path) => {
    const declared = await rawRequest(shop.url, { method, path, declared: 1_000_000_000, body: '{"a":', headers: { cookie: admin } });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error).toMatch(cyrillic);
    const upTo = 256 * 1024 * 1024;
    const chunked = await rawRequest(shop.url, { method, path, body: '{"a":"', streamUpTo: upTo, headers: { cookie: admin } });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.text).error).toMatch(cyrillic);
    expect(chunked.sent).toBeLessThan(upTo);
  });
});
