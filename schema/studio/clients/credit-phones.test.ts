import { describe, expect, it } from 'vitest';
import { creditClientsByPhone, creditPhoneIssue, type PhoneHolder } from './credit-phones';
import { contractor } from '../../entities/contractor';
import { recordData } from '../../shared/record';

const romashka: PhoneHolder = { id: 'ct-romashka', name: 'ООО «Ромашка»', credit: true, phones: ['79550000201', '79550000202'] };

describe('a corporate client’s phones (one phone, one client on credit)', () => {
  it('refuses a phone another contractor on credit has, naming it; a contractor without credit, or its own phones, pass', () => {
    const astra: PhoneHolder = { id: 'ct-astra', name: 'АО «Астра»', credit: true, phones: ['79550000203', '79550000202'] };
    expect(creditPhoneIssue(astra, [romashka])).toBe(
      'Телефон +7 (955) 000-02-02 уже указан у контрагента в кредит «ООО «Ромашка»»: заказы с одного телефона записываются на одного клиента. Уберите телефон у одного из них',
    );
    expect(creditPhoneIssue({ ...astra, credit: false }, [romashka])).toBeUndefined();
    expect(creditPhoneIssue(astra, [{ ...romashka, credit: false }])).toBeUndefined();
    expect(creditPhoneIssue(romashka, [romashka, { ...astra, phones: ['79550000203'] }])).toBeUndefined();
  });

  it('keeps a phone the stored record already held on credit (an edit of its note is not refused), not one it adds or gets with credit', () => {
    const astra: PhoneHolder = { id: 'ct-astra', name: 'АО «Астра»', credit: true, phones: ['79550000202'] };
    expect(creditPhoneIssue(astra, [romashka, astra], astra)).toBeUndefined();
    expect(creditPhoneIssue(astra, [romashka], { ...astra, credit: false })).toMatch(/уже указан/);
    expect(creditPhoneIssue(astra, [romashka], { ...astra, phones: [] })).toMatch(/уже указан/);
  });

  it('gives each phone to one client on credit, the first by name when two still share one', () => {
    const astra = { id: 'ct-astra', name: 'АО «Астра»', phones: ['79550000202', '79550000203'], creditDays: 0 };
    const byPhone = creditClientsByPhone([{ ...romashka, creditDays: 5 }, astra]);
    expect([...byPhone].map(([p, c]) => [p, c.id])).toEqual([
      ['79550000202', 'ct-astra'],
      ['79550000203', 'ct-astra'],
      ['79550000201', 'ct-romashka'],
    ]);
  });
});

describe('contractor, version 3: a list of phones', () => {
  it('reads a contractor stored with one phone (version 2) as a list of that phone, and one without a phone (version 1) as none', () => {
    expect(contractor.version).toBe(3);
    const v2 = { name: 'ООО «Ландыш»', inn: '7701234561', kpp: '', contact: '', phone: '79550000204', credit: true, creditDays: 10, note: '' };
    expect(recordData(contractor, { v: 2, data: v2 })).toEqual({ name: 'ООО «Ландыш»', inn: '7701234561', kpp: '', contact: '', phones: ['79550000204'], credit: true, creditDays: 10, note: '' });
    expect(recordData(contractor, { v: 1, data: { name: 'ООО «Старое»', inn: '7701234567' } })).toMatchObject({ phones: [], credit: false, creditDays: 0 });
  });

  it('refuses a phone twice in one contractor, and one not a Russian mobile, at its place in the list', () => {
    const base = { name: 'ООО «Ромашка»', inn: '7701234567' };
    const twice = contractor.fields.safeParse({ ...base, phones: ['79550000201', '+7 (955) 000-02-01'] });
    expect(twice.error?.issues.map((i) => [i.path, i.message])).toEqual([[['phones', 1], 'Этот телефон уже есть в списке']]);
    const landline = contractor.fields.safeParse({ ...base, phones: ['79550000201', '74951234567'] });
    expect(landline.error?.issues.map((i) => i.path)).toEqual([['phones', 1]]);
  });
});
