import type { Request, Response, Router } from 'express';
import { apiAccess, mayCall, type ApiRoute } from '../../schema/api-routes';
import { levelOf } from '../../schema/user';
import { HttpError, unauthorized } from './errors';

export type Handler = (req: Request, res: Response) => Promise<unknown> | unknown;

/**
 * Registers one /api route under the level the access table gives it.
 * The handler's result is sent as JSON unless the handler answered itself.
 */
export const route = (router: Router, key: ApiRoute, handler: Handler): void => {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  if (!(key in apiAccess)) throw new Error(`${key}: no access rule`);
  const verb = method === 'GET' ? 'get' : 'post';
  router[verb](path, async (req, res, next) => {
    try {
      if (!mayCall(res.locals.user, key)) throw levelOf(res.locals.user) === 'guest' ? unauthorized() : new HttpError(403, 'Недостаточно прав');
      const answer = await handler(req, res);
      if (!res.headersSent) answer === undefined ? res.status(204).end() : res.json(answer);
    } catch (e) {
      next(e);
    }
  });
};
