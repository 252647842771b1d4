import { z } from 'zod';

/** The computer's random id for one QR sign-in; only the device that holds it can collect the session. */
export const qrIdentifier = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Неверный идентификатор');
export const qrCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Неверный или устаревший QR-код');

export const qrLoginRequest = z.strictObject({ identifier: qrIdentifier });
export const qrVerifyRequest = z.strictObject({ code: qrCode });

/** Spec §7 /api/qr-login: waiting (show this QR), or done with the signed-in user. */
export type QrLoginAnswer = { status: 'waiting'; code: string; svg: string; expiresAt: number } | { status: 'done'; user: import('./user').User };

/** How long a QR code may be scanned. */
export const qrTtlMs = 120_000;
