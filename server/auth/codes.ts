import crypto from 'node:crypto';
import type { ShopConfig } from '../config';
import { getDoc, removeDoc, upsert } from '../db/docs';
import { HttpError } from '../http/errors';
import { keyedHash } from './secret';
import type { SmsSender } from './sms';

interface CodeDoc {
  hash: string;
  sentAt: number;
  expiresAt: number;
  tries: number;
}

type CodeRules = Pick<ShopConfig, 'codeTtlMs' | 'codeCooldownMs' | 'codeMaxTries'>;

/** One-time sign-in codes: 4 digits, stored hashed, expiring, with a cooldown between sends and limited tries. */
export const oneTimeCodes = (auth: PouchDB.Database, secret: string, sms: SmsSender, rules: CodeRules) => {
  const hash = (phone: string, code: string) => keyedHash(secret, `${phone}:${code}`);
  const id = (phone: string) => `code:${phone}`;

  return {
    /** Sends a new code; answers how many seconds until another may be asked for. */
    async send(phone: string): Promise<number> {
      const now = Date.now();
      const code = String(crypto.randomInt(0, 10_000)).padStart(4, '0');
      let waitMs = 0;
      await upsert<CodeDoc>(auth, id(phone), (current) => {
        waitMs = current ? current.sentAt + rules.codeCooldownMs - now : 0;
        if (waitMs > 0) return null;
        return { hash: hash(phone, code), sentAt: now, expiresAt: now + rules.codeTtlMs, tries: 0 };
      });
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new HttpError(429, `Новый код можно запросить через ${seconds} с`);
      }
      await sms.send(phone, code);
      return Math.ceil(rules.codeCooldownMs / 1000);
    },

    /** Accepts the code once; a wrong code uses up one of the tries. */
    async verify(phone: string, code: string): Promise<void> {
      const current = await getDoc<CodeDoc>(auth, id(phone));
      if (!current || current.expiresAt < Date.now()) throw new HttpError(400, 'Код устарел или не запрашивался, запросите новый');
      if (current.tries >= rules.codeMaxTries) throw new HttpError(429, 'Слишком много неверных попыток, запросите новый код');
      const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
      if (crypto.timingSafeEqual(bytes(hash(phone, code)), bytes(current.hash))) return removeDoc(auth, id(phone));
      const after = await upsert<CodeDoc>(auth, id(phone), (c) => (c ? { ...c, tries: c.tries + 1 } : null));
      const left = rules.codeMaxTries - (after?.tries ?? rules.codeMaxTries);
      throw new HttpError(400, left > 0 ? `Неверный код, осталось попыток: ${left}` : 'Неверный код. Попытки закончились, запросите новый код');
    },
  };
};
export type OneTimeCodes = ReturnType<typeof oneTimeCodes>;
