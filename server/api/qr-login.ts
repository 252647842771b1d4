import { Router } from 'express';
import QRCode from 'qrcode';
import { type QrDevice, type QrLoginAnswer } from '../../schema/shared/qr-login';
import type { Shop } from '../context';
import { route } from '../http/route';
import { setSessionCookie } from '../auth/session-cookie';
import { recordSignIn } from '../staff/staff-service';
import { limitRate } from '../auth/rate-limit';
import { clientAddress } from '../auth/client-address';
import { publicOriginOf } from '../seo/public-origin';
import { addressOf, describeUserAgent } from '../auth/device';

/**
 * Sign in on a computer with a phone that is already signed in (spec /qr-login):
 * the computer polls /api/qr-login and shows the QR; the phone opens its link and confirms with /api/qr-verify.
 */
export const qrLoginApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/qr-login', async ({ body, req, res }): Promise<QrLoginAnswer> => {
    const { identifier } = body;
    await limitRate(shop.auth, `qr-ip:${clientAddress(req)}`, 600, 10 * 60_000);
    const device: QrDevice = { ...describeUserAgent(req.get('user-agent') ?? ''), ip: addressOf(req.ip), seenAt: Date.now() };
    const ticket = await shop.qr.poll(identifier, device);
    if (ticket.phone) {
      await shop.qr.collect(identifier);
      const user = await shop.users.signIn(ticket.phone);
      setSessionCookie(shop, res, await shop.sessions.start(ticket.phone));
      await recordSignIn(shop, user);
      return { status: 'done', user };
    }
    const link = `${publicOriginOf(shop.config, req)}/qr-login?code=${ticket.code}`;
    const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { status: 'waiting', code: ticket.code, svg, link, expiresAt: ticket.expiresAt };
  });

  route(api, 'POST /api/qr-device', async ({ body }): Promise<QrDevice> => {
    const { code } = body;
    return shop.qr.device(code);
  });

  route(api, 'POST /api/qr-verify', async ({ body, res }) => {
    const { code } = body;
    await shop.qr.confirm(code, res.locals.user!.phone);
    return { ok: true };
  });

  return api;
};
