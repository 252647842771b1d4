import { z } from 'zod';

/**
 * A link of one of the studio's channels: https on the channel's own host (and its subdomains), nothing else, so a
 * stored value can never be `javascript:` or send a shopper somewhere the admin did not mean.
 */
const linkTo = (hosts: string[], what: string) =>
  z
    .string()
    .trim()
    .max(300)
    .refine((s) => {
      const link = linkParts(s);
      return link?.scheme === 'https' && hosts.some((h) => link.host === h || link.host.endsWith(`.${h}`));
    }, `${what}: ссылка вида https://${hosts[0]}/…`);

/** An absolute web address's scheme and host (lower case), or null for anything else (schema/ has no URL class). */
const linkParts = (s: string): { scheme: string; host: string } | null => {
  const m = /^(https?):\/\/([a-z0-9.-]+)(:\d{1,5})?([/?#][^\s<>"]*)?$/i.exec(s);
  return m ? { scheme: m[1].toLowerCase(), host: m[2].toLowerCase() } : null;
};

/** A link to a map: any http(s) address. */
const mapLink = z
  .string()
  .trim()
  .max(500)
  .refine((s) => linkParts(s) !== null, 'Ссылка на карту: адрес, начинающийся с https://');

/** The studio's phone, a landline or a mobile: stored as 7 and ten digits, however typed. */
const studioPhone = z
  .string({ error: 'Укажите телефон мастерской' })
  .transform((s) => s.replace(/\D/g, '').replace(/^8(?=\d{10}$)/, '7'))
  .refine((d) => /^7\d{10}$/.test(d), 'Телефон мастерской: +7 и 10 цифр, например +7 (495) 000-00-00');

const text = (max: number, missing: string) => z.string({ error: missing }).trim().min(1, missing).max(max, `Не длиннее ${max} символов`);

/**
 * The studio's own details (issue 20, item 4): one record, edited by an admin at /admin/profile, read by the header,
 * the footer, the contact lines and the server's HTML for bots. Stored in the `pages` database every device pulls
 * (schema/shop/page.ts `studioProfileId`), so it is on every device offline and in the server's snapshot of a first view.
 */
export const studioProfile = z.strictObject({
  name: text(100, 'Укажите название мастерской'),
  /** The sole trader, as the legal line names them: «ИП Лепесткова Анна Сергеевна». */
  owner: text(200, 'Укажите ИП или юрлицо'),
  /** ИНН: 12 digits for a sole trader, 10 for a company. */
  inn: z.string().trim().regex(/^(\d{10}|\d{12})$/, 'ИНН: 10 или 12 цифр'),
  /** ОГРНИП (15 digits) or ОГРН (13); may be left empty. */
  ogrn: z.string().trim().regex(/^(\d{13}|\d{15})?$/, 'ОГРН: 13 цифр, ОГРНИП: 15 цифр, или пусто'),
  address: text(300, 'Укажите адрес'),
  metro: z.array(z.string().trim().min(1).max(60)).max(10, 'Не больше 10 станций метро'),
  phone: studioPhone,
  vk: linkTo(['vk.com', 'vk.ru'], 'VK'),
  telegram: linkTo(['t.me', 'telegram.me'], 'Telegram'),
  whatsapp: linkTo(['wa.me', 'whatsapp.com'], 'WhatsApp'),
  map: mapLink,
  hours: text(200, 'Укажите часы работы'),
});
export type StudioProfile = z.infer<typeof studioProfile>;

/** What the shop shows until an admin saves the studio's own details (the constants the code held before). */
export const defaultStudioProfile: StudioProfile = {
  name: 'Цветочная мастерская',
  owner: 'ИП Лепесткова Анна Сергеевна',
  inn: '770100000000',
  ogrn: '320774600000000',
  address: 'Москва, ул. Покровка, 17',
  metro: ['Китай-город', 'Чистые пруды', 'Курская'],
  phone: '74950000000',
  vk: 'https://vk.com/',
  telegram: 'https://t.me/',
  whatsapp: 'https://wa.me/74950000000',
  map: 'https://yandex.ru/maps/',
  hours: 'ежедневно 09:00–22:00',
};

/** The phone as a link: tel:+74950000000. */
export const phoneHref = (digits: string): string => `tel:+${digits}`;

/** The footer's legal line: «ИП Лепесткова Анна Сергеевна, ОГРНИП 320774600000000, ИНН 770100000000». */
export const legalLine = (p: StudioProfile): string =>
  [p.owner, p.ogrn ? `${p.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} ${p.ogrn}` : '', `ИНН ${p.inn}`].filter(Boolean).join(', ');

/**
 * /api/profile/update: the profile and the `updatedAt` it was read at (0 when none was saved yet), so an admin's
 * save never silently replaces another admin's.
 */
export const studioProfileUpdate = z.strictObject({ profile: studioProfile, updatedAt: z.number().int().min(0) });

/** What /api/profile/get and /update answer. */
export interface StudioProfileAnswer {
  data: { profile: StudioProfile; updatedAt: number };
}
