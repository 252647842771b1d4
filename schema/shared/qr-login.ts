import { z } from 'zod';

/** The computer's random id for one QR sign-in; only the device that holds it can collect the session. */
const qrIdentifier = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Неверный идентификатор');
const qrCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Неверный или устаревший QR-код');

export const qrLoginRequest = z.strictObject({ identifier: qrIdentifier });
export const qrVerifyRequest = z.strictObject({ code: qrCode });
/** The phone asks which computer showed the code before it confirms. */
export const qrDeviceRequest = z.strictObject({ code: qrCode });

/**
 * The computer that shows a QR code, as the server saw it: the phone shows this before confirming, so a code
 * from someone else's screen (a phishing link) is visible. Browser and system come from its User-Agent.
 */
export interface QrDevice {
  browser: string;
  system: string;
  ip: string;
  /** When that computer asked for the code (ms). */
  seenAt: number;
}

/** Spec §7 /api/qr-login: waiting (show this QR, which holds `link` on the shop's public origin), or done with the signed-in user. */
export type QrLoginAnswer = { status: 'waiting'; code: string; svg: string; link: string; expiresAt: number } | { status: 'done'; user: import('./user').User };

/** How long a QR code may be scanned. */
export const qrTtlMs = 120_000;
