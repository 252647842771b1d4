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

/** Puts the signed-in user (or null) into res.locals for every /api and /db request. */
export const sessionUser = (shop: Shop): RequestHandler => async (req, res, next) => {
  res.locals.user = null;
  try {
    const token = readCookie(req.headers.cookie, cookieName);
    const phone = token && (await shop.sessions.phoneOf(token));
    if (token && phone) {
      res.locals.sessionToken = token;
      res.locals.user = await shop.users.get(phone);
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
