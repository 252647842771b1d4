import type { ShopConfig } from '../config';
import { upsert } from '../db/docs';

/** How a one-time code reaches the customer's phone. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
  /** Only the log sender keeps codes readable, for /api/dev/last-code. */
  lastCode?(phone: string): Promise<string | null>;
}

const text = (code: string) => `Код для входа в Цветочную мастерскую: ${code}`;

/** An SMS provider that takes {phone, text} as JSON with a bearer token. */
const gatewaySms = (url: string, token = ''): SmsSender => ({
  async send(phone, code) {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ phone, text: text(code) }),
    });
    if (!answer.ok) throw new Error(`SMS gateway answered ${answer.status}`);
  },
});

/** Without a provider: the code is printed to the log and kept in the auth database for the dev route. */
const logSms = (auth: PouchDB.Database, quiet: boolean): SmsSender => ({
  async send(phone, code) {
    if (!quiet) console.log(`[sms] +${phone}: ${text(code)}`);
    await upsert(auth, `devsms:${phone}`, () => ({ code, at: Date.now() }));
  },
  async lastCode(phone) {
    try {
      return ((await auth.get(`devsms:${phone}`)) as unknown as { code: string }).code;
    } catch {
      return null;
    }
  },
});

export const smsSender = (config: ShopConfig, auth: PouchDB.Database): SmsSender =>
  config.smsGatewayUrl ? gatewaySms(config.smsGatewayUrl, config.smsGatewayToken) : logSms(auth, config.quiet);
