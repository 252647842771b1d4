import { z } from 'zod';

export const phoneMask = '+7 (000) 000-00-00';
export const codeMask = '0000';

/** Non-digits are stripped before sending (spec §5); a Russian mobile is 7 and ten digits. */
export const phone = z
  .string({ error: 'Укажите номер телефона' })
  .transform((s) => s.replace(/\D/g, ''))
  .transform((d) => (d.length === 11 && d.startsWith('8') ? `7${d.slice(1)}` : d))
  .refine((d) => /^7\d{10}$/.test(d), 'Номер телефона: +7 и 10 цифр');

export const code = z.string({ error: 'Введите код из СМС' }).regex(/^\d{4}$/, 'Код — 4 цифры');

/** Header user menu: drop the first 7 characters, pad with * to 6 characters (spec §2). */
export const maskedPhone = (p: string): string => p.slice(7).padStart(6, '*');

/** "+7 (900) 000-00-01" */
export const formatPhone = (d: string): string =>
  d.length === 11 ? `+7 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}` : d;
