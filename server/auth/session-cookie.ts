import type { RequestHandler, Response } from 'express';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';

declare module 'express-serve-static-core' {
  interface Locals {
    user: User | null;
    sessionToken?: string;
  }
}

const cookieName = 'sid';

const readCookie = (header: string | undefined, name: string): string | undefined =>
  header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/** The session a request's cookies name and its user, or `null` for nobody signed in. */
export const sessionOf = async (shop: Shop, cookies: string | undefined): Promise<{ token: string; user: User | null } | null> => {
  const token = readCookie(cookies, cookieName);
  const phone = token && (await shop.sessions.phoneOf(token));
  return token && phone ? { token, user: await shop.users.get(phone) } : null;
};

/** Puts the signed-in user (or null) into res.locals for every /api and /db request. */
export const sessionUser = (shop: Shop): RequestHandler => async (req, res, next) => {
  res.locals.user = null;
  try {
    const session = await sessionOf(shop, req.headers.cookie);
    if (session) {
      res.locals.sessionToken = session.token;
      res.locals.user = session.user;
    }
    next();
  } catch (e) {
    next(e);
  }
};

export const setSessionCookie = (shop: Shop, res: Response, token: string): void => {
  res.cookie(cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: shop.config.secureCookies,
    maxAge: shop.config.sessionTtlMs,
    path: '/',
  });
};

export const clearSessionCookie = (res: Response): void => {
  res.clearCookie(cookieName, { path: '/' });
};
