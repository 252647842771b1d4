import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Imported = { created: number; updated: number; unchanged: number; errors: { line: number; error: string }[] };
const cyrillic = /[а-яё]/i;

const header = 'phone,name,otherPhones,email,birthday,source,alert,note,dates';

describe('the clients’ CSV: out, back in, and bad files', () => {
  let one: Awaited<ReturnType<typeof startTestShop>>;
  let two: Awaited<ReturnType<typeof startTestShop>>;
  let admin1: string;
  let admin2: string;
  const cards = async (shop: typeof one) => JSON.stringify((await shop.shop.storage.db('admin').allDocs({ include_docs: true })).rows.map((r) => r.id));

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestShop(), startTestShop()]);
    [admin1, admin2] = await Promise.all([signIn(one.url, demoPhones.admin), signIn(two.url, demoPhones.admin)]);
  });
  afterAll(() => Promise.all([one.close(), two.close()]));

  it('an export read into another shop gives the same clients, and read again changes nothing', async () => {
    await call(one.url, '/api/clients/update', { data: { name: 'Анна, "Цветочная"', phone: '79002000001', otherPhones: '89002000002', email: 'a@example.ru', birthday: '1990-03-08', source: 'social', alert: 'аллергия на лилии', note: 'строка 1\nстрока 2', dates: [{ kind: 'anniversary', title: 'Годовщина свадьбы', date: '06-15', recipient: 'Ольга', recipientPhone: '79002000003', address: 'Тверская, 1; кв. 5' }] } }, admin1);
    await call(one.url, '/api/clients/update', { data: { name: 'Борис', phone: '79002000004' } }, admin1);
    const out = await call<{ csv: string; count: number }>(one.url, '/api/clients/export', {}, admin1);
    expect(out.status).toBe(200);
    expect(out.body.count).toBe(2);
    const read = await call<Imported>(two.url, '/api/clients/import', { csv: out.body.csv }, admin2);
    expect(read.body).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    const back = await call<{ csv: string }>(two.url, '/api/clients/export', {}, admin2);
    expect(back.body.csv).toBe(out.body.csv);
    expect((await call<Imported>(two.url, '/api/clients/import', { csv: out.body.csv }, admin2)).body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it('reports each bad row with its line and stores the rest, or nothing when asked', async () => {
    const csv = [
      header,
      '79002000101,Верная,,,,,,,',
      '12345,Плохой телефон,,,,,,,',
      '79002000102,Плохой день рождения,,,1990-02-30,,,,',
      '79002000103,"Многострочная',
      'заметка",,,,,,,',
      '79002000101,Повтор,,,,,,,',
      '79002000104,Плохой источник,,,,космос,,,',
    ].join('\n');
    const before = await cards(one);
    const strict = await call<{ error: string; issues: { path: string }[] }>(one.url, '/api/clients/import', { csv, allOrNothing: true }, admin1);
    expect(strict.status).toBe(400);
    expect(strict.body.error).toMatch(cyrillic);
    expect(strict.body.issues.map((i) => i.path)).toEqual(['строка 3', 'строка 4', 'строка 7', 'строка 8']);
    expect(await cards(one)).toBe(before);

    const loose = await call<Imported>(one.url, '/api/clients/import', { csv }, admin1);
    expect(loose.status).toBe(200);
    expect(loose.body).toMatchObject({ created: 2 });
    expect(loose.body.errors.map((e) => e.line)).toEqual([3, 4, 7, 8]);
    for (const e of loose.body.errors) expect(e.error).toMatch(cyrillic);
  });

  it('refuses a file that is not CSV, a 50 MB file and a florist, in Russian', async () => {
    const before = await cards(one);
    for (const csv of ['\u0000PNG binary', 'name;age\nАнна;30', '"never closed']) {
      const answer = await call<{ error: string }>(one.url, '/api/clients/import', { csv }, admin1);
      expect(answer.status, csv).toBe(400);
      expect(answer.body.error).toMatch(cyrillic);
    }
    const huge = await call<{ error: string }>(one.url, '/api/clients/import', { csv: `${header}\n${'x'.repeat(50 * 1024 * 1024)}` }, admin1);
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(cyrillic);
    const florist = await signIn(one.url, demoPhones.florist);
    expect((await call(one.url, '/api/clients/import', { csv: `${header}\n79002000201,Ф,,,,,,,` }, florist)).status).toBe(403);
    expect((await call(one.url, '/api/clients/export', {}, florist)).status).toBe(403);
    expect(await cards(one)).toBe(before);
  });
});
