import crypto from 'node:crypto';
import { z } from 'zod';
import type { ShopConfig } from '../config';
import { HttpError } from '../http/errors';
import { claim, countClaims, type Claim } from './claims';
import { limitRate } from './rate-limit';
import { keyedHash } from './secret';
import { orderedStamp } from './stamp';
import type { SmsSender } from './sms';
import { phone as mobilePhone, phoneMessages } from '../../schema/shared/phone';
import { log } from '../ops/log';

const codeDoc = z.object({ hash: z.string(), sentAt: z.number(), expiresAt: z.number() });
type CodeDoc = z.infer<typeof codeDoc>;

type CodeRules = Pick<
  ShopConfig,
  'codeTtlMs' | 'codeCooldownMs' | 'codeMaxTries' | 'guessesPerPhonePerDay' | 'guessesPerPhonePer30Days' | 'codesPerPhonePerDay' | 'codesPerHour'
>;

const day = 24 * 3600_000;
const period = 30 * day;

/** Codes go by SMS to Russian mobile numbers only: +7 9xx. */

const moscowTime = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const lockedOut = (until: number) =>
  new HttpError(429, `Слишком много неверных кодов для этого номера. Вход по СМС откроется ${moscowTime.format(until)} (МСК)`);

/**
 * One-time sign-in codes: 4 digits, stored hashed, expiring, at most one per cooldown, sent only within the SMS caps.
 * Every comparison first takes a numbered place (server/auth/claims.ts): 5 per code, and per phone a daily and a
 * 30-day budget of wrong codes across all its codes. A right code gives the phone's places back.
 */
export const oneTimeCodes = (auth: PouchDB.Database, secret: string, sms: SmsSender, rules: CodeRules) => {
  const hash = (phone: string, code: string) => keyedHash(secret, `${phone}:${code}`);

  /** The phone's budgets of wrong codes: today's (UTC) and this 30-day period's, each with when it ends. */
  const budgets = (phone: string, now: number) => {
    const d = Math.floor(now / day);
    const p = Math.floor(now / period);
    return [
      { prefix: `guess-day:${phone}:${d}:`, max: rules.guessesPerPhonePerDay, endsAt: (d + 1) * day },
      { prefix: `guess-30d:${phone}:${p}:`, max: rules.guessesPerPhonePer30Days, endsAt: (p + 1) * period },
    ];
  };

  /** When the phone may try codes again, or 0 when it may now. */
  const lockedUntil = async (phone: string, now: number): Promise<number> => {
    let until = 0;
    for (const b of budgets(phone, now)) if ((await countClaims(auth, b.prefix)) >= b.max) until = Math.max(until, b.endsAt);
    return until;
  };

  /** The phone's newest code and the key its tries are counted under. */
  const latest = async (phone: string): Promise<{ id: string; key: string; doc: CodeDoc } | null> => {
    const prefix = `code:${phone}:`;
    const { rows } = await auth.allDocs({ startkey: `${prefix}\ufff0`, endkey: prefix, descending: true, limit: 1, include_docs: true });
    const row = rows[0];
    const doc = row && codeDoc.safeParse(row.doc);
    return row && doc?.success ? { id: row.id, key: row.id.slice(prefix.length), doc: doc.data } : null;
  };

  /** A cooldown slot's place (server/auth/claims.ts): until when it runs. */
  const placeDoc = z.object({ expiresAt: z.number() });

  return {
    /** Sends a new code; answers how many seconds until another may be asked for. */
    async send(phone: string): Promise<number> {
      if (!mobilePhone.safeParse(phone).success) throw new HttpError(400, phoneMessages.notMobile);
      const now = Date.now();
      const until = await lockedUntil(phone, now);
      if (until) throw lockedOut(until);

      const wait = (ms: number) => new HttpError(429, `Новый код можно запросить через ${Math.ceil(ms / 1000)} с`);
      const previous = await latest(phone);
      if (previous && previous.doc.sentAt + rules.codeCooldownMs > now) throw wait(previous.doc.sentAt + rules.codeCooldownMs - now);
      // Requests for one phone at the same instant: one place per cooldown slot, so one of them sends.
      let slot: Claim | null = null;
      if (rules.codeCooldownMs > 0) {
        const s = Math.floor(now / rules.codeCooldownMs);
        slot = await claim(auth, `send:${phone}:${s}:`, 1, now + rules.codeCooldownMs);
        if (!slot) throw wait((s + 1) * rules.codeCooldownMs - now);
        // Requests on both sides of a slot's edge each take their own slot: a neighbour's place still running means
        // another request sends. Both may step aside (both seen at once); never two codes within the cooldown.
        const neighbours = await Promise.all([s - 1, s + 1].map((n) => auth.allDocs({ startkey: `send:${phone}:${n}:`, endkey: `send:${phone}:${n}:\ufff0`, include_docs: true })));
        const running = neighbours.flatMap((r) => r.rows).map((r) => placeDoc.safeParse(r.doc));
        const until = Math.max(0, ...running.map((p) => (p.success && p.data.expiresAt > now ? p.data.expiresAt : 0)));
        if (until) {
          await slot.release();
          throw wait(until - now);
        }
      }
      await limitRate(auth, `sms-phone:${phone}`, rules.codesPerPhonePerDay, day, 'На этот номер сегодня уже отправлено много кодов, попробуйте завтра');
      await limitRate(auth, 'sms-all', rules.codesPerHour, 3600_000, 'Сейчас слишком много запросов кодов, попробуйте через несколько минут');

      const code = String(crypto.randomInt(0, 10_000)).padStart(4, '0');
      const id = `code:${phone}:${orderedStamp()}${crypto.randomBytes(4).toString('hex')}`;
      const { rev } = await auth.put({ _id: id, hash: hash(phone, code), sentAt: now, expiresAt: now + rules.codeTtlMs } satisfies CodeDoc & { _id: string });
      try {
        await sms.send(phone, code);
      } catch (e) {
        log.error({ err: e }, 'sms: the code was not sent');
        await auth.remove(id, rev);
        await slot?.release();
        throw new HttpError(502, 'Не удалось отправить СМС, попробуйте ещё раз');
      }
      return Math.ceil(rules.codeCooldownMs / 1000);
    },

    /** Accepts the code once. Each try, right or wrong, takes a place first; a wrong one keeps it. */
    async verify(phone: string, code: string): Promise<void> {
      const now = Date.now();
      const current = await latest(phone);
      const used = current && `used:${phone}:${current.key}:`;
      if (!current || !used || current.doc.expiresAt < now || (await countClaims(auth, used)) > 0) {
        throw new HttpError(400, 'Код устарел или не запрашивался, запросите новый');
      }

      const tries = `try:${phone}:${current.key}:`;
      const attempt = await claim(auth, tries, rules.codeMaxTries, current.doc.expiresAt);
      if (!attempt) throw new HttpError(429, 'Слишком много неверных попыток, запросите новый код');
      const held: Claim[] = [];
      for (const b of budgets(phone, now)) {
        const place = await claim(auth, b.prefix, b.max, b.endsAt);
        if (!place) {
          await Promise.all([attempt, ...held].map((c) => c.release()));
          throw lockedOut(b.endsAt);
        }
        held.push(place);
      }

      const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
      if (crypto.timingSafeEqual(bytes(hash(phone, code)), bytes(current.doc.hash))) {
        // Single use, even for two right tries at once; a used code is not replaced by an older one.
        if (!(await claim(auth, used, 1, current.doc.expiresAt))) throw new HttpError(400, 'Код уже использован, запросите новый');
        await Promise.all(held.map((c) => c.release()));
        return;
      }

      const codeLeft = rules.codeMaxTries - (await countClaims(auth, tries));
      const until = await lockedUntil(phone, now);
      if (until) throw new HttpError(400, `Неверный код. ${lockedOut(until).message}`);
      throw new HttpError(400, codeLeft > 0 ? `Неверный код, осталось попыток: ${codeLeft}` : 'Неверный код. Попытки закончились, запросите новый код');
    },
  };
};
export type OneTimeCodes = ReturnType<typeof oneTimeCodes>;
