import { z } from 'zod';

export const phoneMask = '+7 (000) 000-00-00';
export const codeMask = '0000';

export const phoneMessages = {
  missing: 'Укажите номер телефона',
  length: 'Номер телефона: +7 и 10 цифр',
  notMobile: 'Нужен номер мобильного: после +7 идёт 9, например +7 (900) 111-22-33',
} as const;

/**
 * The digits after +7 of a phone as people type or paste it: «8 900 111-22-33», «89001112233», «+7 900 111 22 33»
 * and «9001112233» all give 9001112233. A Russian mobile number starts with 9 after the country code, so a leading
 * 8 or 7 is always the trunk or country prefix, never part of the number.
 */
export const nationalDigits = (typed: string): string => {
  const d = typed.replace(/\D/g, '');
  return /^[78]/.test(d) ? d.slice(1) : d;
};

/** Stored and sent as 7 and ten digits (spec §5); only a Russian mobile number is accepted, on both sides. */
export const phone = z
  .string({ error: phoneMessages.missing })
  .transform((s) => `7${nationalDigits(s)}`)
  .refine((d) => d.length > 1, { error: phoneMessages.missing, abort: true })
  .refine((d) => d.length === 11, { error: phoneMessages.length, abort: true })
  .refine((d) => d[1] === '9', phoneMessages.notMobile);

/**
 * A phone a person may leave out (a walk-in buyer at the counter): empty stays empty, anything typed must be a whole
 * mobile number (a half-typed one is refused with the same words as `phone`, and says the field may stay empty).
 * Its output is a string as `phone`'s, so a stored order's schema, and the devices' store derived from it, is the same.
 */
export const optionalPhone = z
  .string()
  .transform((s) => (nationalDigits(s) ? `7${nationalDigits(s)}` : ''))
  // Not aborting: the order's other checks (a phone order's missing name) are still said beside their fields.
  .refine((d) => d === '' || d.length === 11, `${phoneMessages.length} — или оставьте поле пустым`)
  .refine((d) => d.length !== 11 || d[1] === '9', phoneMessages.notMobile);

export const code = z.string({ error: 'Введите код из СМС' }).regex(/^\d{4}$/, 'Код — 4 цифры');

/** Header user menu: drop the first 7 characters, pad with * to 6 characters (spec §2). */
export const maskedPhone = (p: string): string => p.slice(7).padStart(6, '*');

/** "+7 (900) 000-00-01" */
export const formatPhone = (d: string): string =>
  d.length === 11 ? `+7 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}` : d;
