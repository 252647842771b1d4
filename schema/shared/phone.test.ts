import { describe, expect, it } from 'vitest';
import { formatPhone, nationalDigits, phone, phoneMessages } from './phone';

/** Issue 12, item 3: the ways people write a Russian mobile number, and what is not one. */
describe('phone habits', () => {
  const habits = ['8 900 111-22-33', '89001112233', '+7 900 111 22 33', '9001112233', '+7 (900) 111-22-33', '7-900-111-22-33', ' 8 (900) 111 22 33 '];

  it('reads every habit as the same number, shown as +7 (900) 111-22-33', () => {
    for (const typed of habits) {
      expect(nationalDigits(typed), typed).toBe('9001112233');
      expect(phone.parse(typed), typed).toBe('79001112233');
      expect(formatPhone(phone.parse(typed))).toBe('+7 (900) 111-22-33');
    }
  });

  it('drops a leading 8 or 7 as it is typed, key by key', () => {
    expect(nationalDigits('8')).toBe('');
    expect(nationalDigits('+7')).toBe('');
    expect(nationalDigits('+7 (9')).toBe('9');
    expect(nationalDigits('89')).toBe('9');
  });

  it('refuses anything that is not a Russian mobile number, with a Russian message', () => {
    const refused = (typed: string) => phone.safeParse(typed).error?.issues.map((i) => i.message);
    expect(refused('+7 (495) 123-45-67')).toEqual([phoneMessages.notMobile]);
    expect(refused('8 812 123 45 67')).toEqual([phoneMessages.notMobile]);
    expect(refused('+7 (900) 111-22')).toEqual([phoneMessages.length]);
    expect(refused('9001112233 4')).toEqual([phoneMessages.length]);
    expect(refused('+1 212 555 0100')).toEqual([phoneMessages.length]);
    expect(refused('+44 7911 123456')).toEqual([phoneMessages.length]);
    expect(refused('+7 700 111 22 33')).toEqual([phoneMessages.notMobile]);
    expect(refused('')).toEqual([phoneMessages.missing]);
    expect(refused('+7 (___) ___-__-__')).toEqual([phoneMessages.missing]);
  });
});
