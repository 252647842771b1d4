import { z } from 'zod';
import { nextDay, today } from '../../shared/day';
import { shopSettings, slotEnd, slotStart, type ShopSettings } from './shop-settings';

/*
 * The shop's settings as an admin saves them (/admin/settings) and the SMS gateway: apart from schema/studio/site/shop-settings.ts,
 * which the storefront's first view reads, so that what only the settings screen and the server need stays out of it.
 */

/**
 * What the settings may not be together, each a Russian reason on its field: a slot that ends before it starts, two
 * slots alike, no slot at all, a booking window whose every day is closed (no order could be placed). `now` is the
 * day the admin saves on.
 */
export const settingsProblems = (s: ShopSettings, now = new Date()): { path: string; message: string }[] => {
  const problems: { path: string; message: string }[] = [];
  const wrong = s.slots.find((slot) => slotEnd(slot) <= slotStart(slot));
  if (wrong) problems.push({ path: 'slots', message: `Интервал ${wrong} кончается раньше, чем начинается` });
  if (new Set(s.slots).size !== s.slots.length) problems.push({ path: 'slots', message: 'Интервалы доставки повторяются' });
  if (!s.slots.length) problems.push({ path: 'slots', message: 'Оставьте хотя бы один интервал доставки: без него заказ не оформить' });
  const closed = new Set(s.closedDays);
  let d = today(now);
  let open = false;
  for (let i = 0; i <= s.bookingDays && !open; i++, d = nextDay(d)) open = !closed.has(d);
  if (!open) problems.push({ path: 'closedDays', message: `Закрыты все дни, на которые можно заказать (${s.bookingDays} дн. вперёд): откройте хотя бы один` });
  return problems;
};

/** /api/settings/update: the public settings, checked together, and the `updatedAt` they were read at (0: never saved). */
export const shopSettingsUpdate = z.strictObject({
  settings: shopSettings.superRefine((s, ctx) => {
    for (const p of settingsProblems(s)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  }),
  updatedAt: z.number().int().min(0),
});

/** What /api/settings/get and /update answer. */
export interface ShopSettingsAnswer {
  data: { settings: ShopSettings; updatedAt: number };
}

/**
 * The SMS gateway (server/auth/sms.ts): secret, so it is never in `pages` nor sent to a browser; the server keeps it in
 * its admin-only database and answers only whether a token is set. An empty address means the server's own
 * configuration (SMS_GATEWAY_URL, or the demo's log).
 */
export const smsGateway = z.strictObject({
  url: z
    .string()
    .trim()
    .max(300)
    .regex(/^(https?:\/\/[^\s<>"]+)?$/, 'Адрес SMS-шлюза: ссылка вида https://…, или пусто'),
  token: z.string().trim().max(300),
});
export type SmsGateway = z.infer<typeof smsGateway>;

/** /api/settings/sms: the address, and a new token (absent: keep the stored one). */
export const smsGatewayUpdate = z.strictObject({ url: smsGateway.shape.url, token: smsGateway.shape.token.optional() });
/** What the settings screen sees of the gateway: never the token itself. */
export interface SmsGatewayAnswer {
  data: { url: string; hasToken: boolean };
}
/** /api/settings/sms-test: a test message to this phone through the gateway as saved. */
export const smsTest = z.strictObject({ phone: z.string().regex(/^7\d{10}$/, 'Телефон: 7 и 10 цифр') });
