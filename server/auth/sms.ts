import crypto from 'node:crypto';
import { orderedStamp } from './stamp';
import { ConfigError, type ShopConfig } from '../config';
import { log } from '../ops/log';

/** How a one-time code reaches the customer's phone. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
  /** Any other message (an order's notice, server/notices/): the gateway's, or in demo mode without one the log's. */
  notify(phone: string, text: string): Promise<void>;
  /** Only the log sender keeps codes readable, for /api/dev/last-code. */
  lastCode?(phone: string): Promise<string | null>;
}

const text = (code: string) => `Код для входа в Цветочную мастерскую: ${code}`;

/** Sends one message through an SMS provider that takes {phone, text} as JSON with a bearer token. */
export const sendThroughGateway = async (gateway: { url: string; token: string }, phone: string, message: string): Promise<void> => {
  const answer = await fetch(gateway.url, {
    method: 'POST',
    // A gateway that does not answer is one that is down: the message is tried again later, never waited on for ever.
    signal: AbortSignal.timeout(10_000),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.token}` },
    body: JSON.stringify({ phone, text: message }),
  });
  if (!answer.ok) throw new Error(`SMS gateway answered ${answer.status}`);
};

const gatewaySms = (url: string, token = ''): SmsSender => ({
  send: (phone, code) => sendThroughGateway({ url, token }, phone, text(code)),
  notify: (phone, message) => sendThroughGateway({ url, token }, phone, message),
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
  async notify(phone, message) {
    if (!quiet) log.info(`[sms] +${phone}: ${message}`);
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
    async notify(phone, message) {
      const gateway = await saved();
      return gateway ? sendThroughGateway(gateway, phone, message) : configured.notify(phone, message);
    },
    ...(configured.lastCode ? { lastCode: configured.lastCode.bind(configured) } : {}),
  };
};
