import { Router } from 'express';
import { type UserAnswer } from '../../schema/shared/api';
import { levelOf } from '../../schema/shared/user';
import type { Shop } from '../context';
import { route  } from '../http/route';
import { notFound } from '../http/errors';
import { limitRate } from '../auth/rate-limit';
import { clientAddress } from '../auth/client-address';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { recordSignIn } from '../staff/staff-service';
import { knownClient } from '../clients/known-client';

/** Sign-in by phone with a one-time code (spec §4), the session cookie and the current user. */
export const authApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/login', async ({ body, req }) => {
    const { phone } = body;
    const address = clientAddress(req);
    await limitRate(shop.auth, `login-ip:${address}`, shop.config.loginsPerIpPerHour, 3600_000);
    await limitRate(shop.auth, `login-ip-day:${address}`, shop.config.loginsPerIpPerDay, 24 * 3600_000);
    const retryAfter = await shop.codes.send(phone);
    return { status: 'sended' as const, retryAfter };
  });

  route(api, 'POST /api/phone-verify', async ({ body, req, res }): Promise<UserAnswer> => {
    const { phone, code } = body;
    await limitRate(shop.auth, `verify-ip:${clientAddress(req)}`, shop.config.verifiesPerIpPerHour, 3600_000);
    await shop.codes.verify(phone, code);
    const user = await shop.users.signIn(phone);
    if (levelOf(user) === 'customer') await knownClient(shop.storage, { phone, name: user.name, source: 'site' });
    setSessionCookie(shop, res, await shop.sessions.start(phone));
    await recordSignIn(shop, user);
    return { user };
  });

  route(api, 'GET /api/user', ({ res }): UserAnswer => ({ user: res.locals.user }));
  route(api, 'POST /api/user', ({ res }): UserAnswer => ({ user: res.locals.user }));

  route(api, 'POST /api/logout', async ({ res }): Promise<UserAnswer> => {
    if (res.locals.sessionToken) await shop.sessions.end(res.locals.sessionToken);
    clearSessionCookie(res);
    return { user: null };
  });

  route(api, 'POST /api/user-update', async ({ body, res }): Promise<UserAnswer> => {
    const change = body;
    return { user: await shop.users.update(res.locals.user!.phone, change) };
  });

  // Only in demo mode without an SMS gateway (main.ts says so loudly at start).
  const lastCode = shop.config.mode === 'demo' ? shop.sms.lastCode : undefined;
  if (lastCode) {
    route(api, 'GET /api/dev/last-code', async ({ body }) => {
      const { phone: p } = body;
      const code = await lastCode(p);
      if (!code) throw notFound('Код для этого номера не отправлялся');
      return { code };
    });
  }
  return api;
};
