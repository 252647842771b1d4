import crypto from 'node:crypto';
import { orderedStamp } from './stamp';
import { ConfigError, type ShopConfig } from '../config';
import { log } from '../ops/log';

/** How a one-time code reaches the customer's phone. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
  /** Only the log sender keeps codes readable, for /api/dev/last-code. */
  lastCode?(phone: string): Promise<string | null>;
}

const text = (code: string) => `Код для входа в Цветочную мастерскую: ${code}`;

/** Sends one message through an SMS provider that takes {phone, text} as JSON with a bearer token. */
export const sendThroughGateway = async (gateway: { url: string; token: string }, phone: string, message: string): Promise<void> => {
  const answer = await fetch(gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.token}` },
    body: JSON.stringify({ phone, text: message }),
  });
  if (!answer.ok) throw new Error(`SMS gateway answered ${answer.status}`);
};

const gatewaySms = (url: string, token = ''): SmsSender => ({
  send: (phone, code) => sendThroughGateway({ url, token }, phone, text(code)),
});

/**
 * Demo mode without a provider: the code is printed to the log and kept in the auth database for the dev route,
 * one document per code (never rewritten, so codes sent at once do not conflict), swept after an hour.
 */
const logSms = (auth: PouchDB.Database, quiet: boolean): SmsSender => ({
  async send(phone, code) {
    if (!quiet) log.info(`[sms] +${phone}: ${text(code)}`);
    const now = Date.now();
    await auth.put({ _id: `devsms:${phone}:${orderedStamp()}${crypto.randomBytes(4).toString('hex')}`, code, expiresAt: now + 3600_000 });
  },
  async lastCode(phone) {
    const prefix = `devsms:${phone}:`;
    const { rows } = await auth.allDocs({ startkey: `${prefix}\ufff0`, endkey: prefix, descending: true, limit: 1, include_docs: true });
    const code = (rows[0]?.doc as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : null;
  },
});

/**
 * The gateway an admin set at /admin/settings (read from the store at each send, so every app server uses the one saved
 * last), else the server's configuration: SMS_GATEWAY_URL, or in demo mode the log.
 */
export const smsSender = (config: ShopConfig, auth: PouchDB.Database, saved: () => Promise<{ url: string; token: string } | null>): SmsSender => {
  const configured = config.smsGatewayUrl ? gatewaySms(config.smsGatewayUrl, config.smsGatewayToken) : config.mode === 'demo' ? logSms(auth, config.quiet) : null;
  if (!configured) throw new ConfigError('SMS_GATEWAY_URL is required in production');
  return {
    async send(phone, code) {
      const gateway = await saved();
      return gateway ? sendThroughGateway(gateway, phone, text(code)) : configured.send(phone, code);
    },
    ...(configured.lastCode ? { lastCode: configured.lastCode.bind(configured) } : {}),
  };
};
