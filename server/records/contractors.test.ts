import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeRecord } from '../../schema/shared/record';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Answer = { data: OfficeRecord; error?: string; issues?: { path: string; message: string }[] };

const romashka = { name: 'ООО «Ромашка»', inn: '7701234567', kpp: '770101001', contact: 'Ирина', phones: ['+7 (900) 555-44-33'], email: 'office@romashka.example', credit: true, note: '' };

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
    expect(made.body.data).toMatchObject({ type: 'contractor', title: 'ООО «Ромашка»', createdBy: demoPhones.florist, data: { ...romashka, phones: ['79005554433'] } });
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

  it('holds several phones; a phone another contractor on credit has is refused on the second, in Russian, on /api and on /db/office alike', async () => {
    const office = ['79550000301', '79550000302', '79550000303'];
    const first = await save({ data: { ...romashka, inn: '7701234501', name: 'ООО «Первое»', phones: office } }, florist);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.data).toMatchObject({ phones: office });
    const reason = 'Телефон +7 (955) 000-03-02 уже указан у контрагента в кредит «ООО «Первое»»: заказы с одного телефона записываются на одного клиента. Уберите телефон у одного из них';

    // Through the record API: refused with the reason, nothing stored; without credit the same phones are kept.
    const second = { ...romashka, inn: '7701234502', name: 'ООО «Второе»', phones: ['79550000309', '79550000302'] };
    const refused = await save({ data: second }, florist);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(reason);
    const plain = await save({ data: { ...second, credit: false } }, florist);
    expect(plain.status).toBe(200);
    // Credit switched on for it later is the same clash.
    const switched = await save({ id: plain.body.data.id, updatedAt: plain.body.data.updatedAt, data: { ...second, credit: true } }, florist);
    expect(switched.status).toBe(400);
    expect(switched.body.error).toBe(reason);

    // Through /db/office, as a device pushes one made offline: a conflict with the reason; a phone of its own passes.
    const push = async (docs: unknown[]) => {
      const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs }) });
      return (await res.json()) as { id: string; ok?: boolean; error?: string; reason?: string }[];
    };
    const now = Date.now();
    const envelope = (id: string, name: string, phones: string[]) => ({
      _id: id, type: 'contractor', v: 3, title: name, createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { ...romashka, phones, name, inn: '7701234503', credit: true },
    });
    const [clash, own] = await push([envelope('contractor-offline-clash', 'ООО «Третье»', ['79550000303']), envelope('contractor-offline-own', 'ООО «Четвёртое»', ['79550000304'])]);
    expect(clash).toMatchObject({ id: 'contractor-offline-clash', error: 'conflict' });
    expect(clash.reason).toMatch(/^Телефон \+7 \(955\) 000-03-03 уже указан у контрагента в кредит «ООО «Первое»»/);
    expect(own).toMatchObject({ id: 'contractor-offline-own', ok: true });
    // Two made offline in one batch with one phone: the first is stored, the second refused.
    const [a, b] = await push([envelope('contractor-offline-a', 'ООО «Пятое»', ['79550000305']), envelope('contractor-offline-b', 'ООО «Шестое»', ['79550000305'])]);
    expect(a).toMatchObject({ ok: true });
    expect(b).toMatchObject({ error: 'conflict', reason: expect.stringMatching(/«ООО «Пятое»»/) });
    await expect(shop.shop.storage.db('office').get('contractor-offline-clash')).rejects.toMatchObject({ status: 404 });
  });

  it('reads a contractor stored with one phone (version 2) as one with a list of it, and refuses that phone to another on credit', async () => {
    const now = Date.now();
    await shop.shop.storage.db('office').put({
      _id: 'contractor-stored-v2', type: 'contractor', v: 2, title: 'ООО «Давнее»', createdBy: demoPhones.admin, createdAt: now, updatedBy: demoPhones.admin, updatedAt: now,
      data: { name: 'ООО «Давнее»', inn: '7701234504', kpp: '', contact: '', phone: '79550000310', credit: true, creditDays: 5, note: '' },
    });
    const read = await call<Answer>(shop.url, '/api/contractors/get', { id: 'contractor-stored-v2' }, florist);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ v: 3, data: { phones: ['79550000310'], credit: true, creditDays: 5 } });
    expect(read.body.data.data).not.toHaveProperty('phone');
    const listed = await call<{ data: { items: OfficeRecord[] } }>(shop.url, '/api/contractors/list', { query: { search: '955 000-03-10' } }, florist);
    expect(listed.body.data.items.map((r) => r.id)).toEqual(['contractor-stored-v2']);
    const refused = await save({ data: { ...romashka, inn: '7701234505', name: 'ООО «Новое»', phones: ['79550000310'] } }, florist);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/«ООО «Давнее»»/);
    // Its own edit (a second phone) is stored as version 3.
    const edited = await save({ id: 'contractor-stored-v2', updatedAt: now, data: { ...read.body.data.data, phones: ['79550000310', '79550000311'] } }, florist);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await shop.shop.storage.db('office').get('contractor-stored-v2')).toMatchObject({ v: 3, data: { phones: ['79550000310', '79550000311'] } });
  });
});
