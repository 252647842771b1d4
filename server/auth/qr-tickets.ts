import crypto from 'node:crypto';
import { qrTtlMs, type QrDevice } from '../../schema/shared/qr-login';
import { getDoc, removeDoc, upsert } from '../db/docs';
import { HttpError } from '../http/errors';
import { keyedHash } from './secret';

interface Ticket {
  code: string;
  expiresAt: number;
  phone?: string;
  /** The computer that polls with this ticket's identifier, told to the phone before it confirms. */
  device?: QrDevice;
}

const expired = () => new HttpError(400, 'QR-код устарел: обновите страницу на компьютере');
const used = () => new HttpError(400, 'QR-код уже использован: обновите страницу на компьютере');
const sameDevice = (a: QrDevice | undefined, b: QrDevice) => a?.browser === b.browser && a.system === b.system && a.ip === b.ip;

/**
 * QR sign-in tickets, in the auth database under a hash of the computer's identifier:
 * the code in the QR is single-use, expires in 2 minutes, and only the identifier's holder collects the session.
 */
export const qrTickets = (auth: PouchDB.Database, secret: string) => {
  const id = (identifier: string) => `qr:${keyedHash(secret, identifier)}`;
  const byCode = (code: string) => `qr-code:${keyedHash(secret, code)}`;
  return {
    /**
     * The computer asks: a fresh ticket when it has none (or it expired), else its current state. The device is
     * written when it changes (a copied identifier polled from elsewhere shows up on the phone), not on every poll.
     */
    async poll(identifier: string, device: QrDevice): Promise<Ticket> {
      const now = Date.now();
      const ticket = await upsert<Ticket>(auth, id(identifier), (t) => {
        if (!t || t.expiresAt <= now) return { code: crypto.randomBytes(18).toString('base64url'), expiresAt: now + qrTtlMs, device };
        return sameDevice(t.device, device) ? null : { ...t, device };
      });
      await upsert(auth, byCode(ticket!.code), (c) => (c ? null : { owner: id(identifier), expiresAt: ticket!.expiresAt }));
      return ticket!;
    },
    /** The phone, before confirming, learns which computer shows the code. */
    async device(code: string): Promise<QrDevice> {
      const link = await getDoc<{ owner: string; expiresAt: number }>(auth, byCode(code));
      if (!link || link.expiresAt < Date.now()) throw expired();
      const ticket = await getDoc<Ticket>(auth, link.owner);
      if (!ticket || ticket.code !== code || ticket.phone) throw used();
      return ticket.device ?? { browser: 'неизвестный браузер', system: 'неизвестная система', ip: 'неизвестен', seenAt: link.expiresAt - qrTtlMs };
    },
    /** The signed-in phone confirms the code it scanned. */
    async confirm(code: string, phone: string): Promise<void> {
      const link = await getDoc<{ owner: string; expiresAt: number }>(auth, byCode(code));
      if (!link || link.expiresAt < Date.now()) throw expired();
      let confirmed = false;
      await upsert<Ticket>(auth, link.owner, (t) => (t && t.code === code && !t.phone ? ((confirmed = true), { ...t, phone }) : null));
      await removeDoc(auth, byCode(code));
      if (!confirmed) throw used();
    },
    /** Single use: once the computer collects the session, the ticket is gone. */
    collect: (identifier: string) => removeDoc(auth, id(identifier)),
  };
};
export type QrTickets = ReturnType<typeof qrTickets>;
