import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../schema/record';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Answer = { data: OfficeRecord; error?: string; issues?: { path: string; message: string }[] };

const romashka = { name: 'ООО «Ромашка»', inn: '7701234567', kpp: '770101001', contact: 'Ирина', phone: '+7 (900) 555-44-33', email: 'office@romashka.example', credit: true, note: '' };

/** Contractors (issue 19, item 5): legal entities a florist keeps on her device, offline too; only an admin removes one. */
describe('contractors (/admin/contractors, /api/contractors)', () => {
  let shop: Shop;
  let florist: string;
  let admin: string;
  let customer: string;
  const save = (body: unknown, cookie: string) => call<Answer>(shop.url, '/api/contractors/update', body, cookie);

  beforeAll(async () => {
    shop = await startTestShop();
    [florist, admin, customer] = await Promise.all([signIn(shop.url, demoPhones.florist), signIn(shop.url, demoPhones.admin), signIn(shop.url, '79550000021')]);
  });
  afterAll(() => shop?.close());

  it('a florist adds and edits one, stored in the office database every staff device pulls; a customer neither reads nor writes', async () => {
    const made = await save({ data: romashka }, florist);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ type: 'contractor', title: 'ООО «Ромашка»', createdBy: demoPhones.florist, data: { ...romashka, phone: '79005554433' } });
    expect(await shop.shop.storage.db('office').get(made.body.data.id)).toBeTruthy();
    const edited = await save({ id: made.body.data.id, updatedAt: made.body.data.updatedAt, data: { ...romashka, credit: false } }, florist);
    expect(edited.status).toBe(200);
    expect((await call(shop.url, '/api/contractors/list', {}, customer)).status).toBe(403);
    expect((await save({ data: romashka }, customer)).status).toBe(403);
    const removed = await call<Answer>(shop.url, '/api/contractors/delete', { id: made.body.data.id }, florist);
    expect(removed.status).toBe(403);
    expect(removed.body.error).toMatch(/Недостаточно прав/);
    expect((await call(shop.url, '/api/contractors/delete', { id: made.body.data.id }, admin)).status).toBe(200);
  });

  it('refuses a wrong INN, KPP or email in Russian, beside the field, and stores nothing', async () => {
    const before = (await shop.shop.storage.db('office').allDocs()).total_rows;
    for (const [field, value, message] of [
      ['inn', '12345', 'ИНН — 10 цифр у организации или 12 у ИП'],
      ['kpp', '77010', 'КПП — 9 цифр, у ИП пусто'],
      ['email', 'не почта', 'Неверный адрес почты'],
      ['name', '  ', 'Укажите название'],
    ] as const) {
      const refused = await save({ data: { ...romashka, [field]: value } }, florist);
      expect(refused.status, field).toBe(400);
      expect(refused.body.issues, field).toContainEqual(expect.objectContaining({ path: `data.${field}`, message }));
    }
    expect((await shop.shop.storage.db('office').allDocs()).total_rows).toBe(before);
  });
});
