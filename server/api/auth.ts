import { Router } from 'express';
import { z } from 'zod';
import { loginRequest, noPayload, verifyRequest, type UserAnswer } from '../../schema/api';
import { phone } from '../../schema/phone';
import { levelOf, userUpdate } from '../../schema/user';
import type { Shop } from '../context';
import { route, type Handler } from '../http/route';
import { parse } from '../http/parse';
import { notFound } from '../http/errors';
import { limitRate } from '../auth/rate-limit';
import { clientAddress } from '../auth/client-address';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { recordSignIn } from '../staff/staff-service';
import { knownClient } from '../clients/known-client';

/** Sign-in by phone with a one-time code (spec §4), the session cookie and the current user. */
export const authApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/login', async (req) => {
    const { phone } = parse(loginRequest, req.body);
    const address = clientAddress(req);
    await limitRate(shop.auth, `login-ip:${address}`, shop.config.loginsPerIpPerHour, 3600_000);
    await limitRate(shop.auth, `login-ip-day:${address}`, shop.config.loginsPerIpPerDay, 24 * 3600_000);
    const retryAfter = await shop.codes.send(phone);
    return { status: 'sended', retryAfter };
  });

  route(api, 'POST /api/phone-verify', async (req, res): Promise<UserAnswer> => {
    const { phone, code } = parse(verifyRequest, req.body);
    await limitRate(shop.auth, `verify-ip:${clientAddress(req)}`, shop.config.verifiesPerIpPerHour, 3600_000);
    await shop.codes.verify(phone, code);
    const user = await shop.users.signIn(phone);
    if (levelOf(user) === 'customer') await knownClient(shop.storage, { phone, name: user.name, source: 'site' });
    setSessionCookie(shop, res, await shop.sessions.start(phone));
    await recordSignIn(shop, user);
    return { user };
  });

  const currentUser: Handler = (req, res): UserAnswer => {
    if (req.method === 'POST') parse(noPayload, req.body);
    return { user: res.locals.user };
  };
  route(api, 'GET /api/user', currentUser);
  route(api, 'POST /api/user', currentUser);

  route(api, 'POST /api/logout', async (req, res): Promise<UserAnswer> => {
    parse(noPayload, req.body);
    if (res.locals.sessionToken) await shop.sessions.end(res.locals.sessionToken);
    clearSessionCookie(res);
    return { user: null };
  });

  route(api, 'POST /api/user-update', async (req, res): Promise<UserAnswer> => {
    const change = parse(userUpdate, req.body);
    return { user: await shop.users.update(res.locals.user!.phone, change) };
  });

  // Only in demo mode without an SMS gateway (main.ts says so loudly at start).
  const lastCode = shop.config.mode === 'demo' ? shop.sms.lastCode : undefined;
  if (lastCode) {
    route(api, 'GET /api/dev/last-code', async (req) => {
      const { phone: p } = parse(z.strictObject({ phone }), req.query);
      const code = await lastCode(p);
      if (!code) throw notFound('Код для этого номера не отправлялся');
      return { code };
    });
  }
  return api;
};
