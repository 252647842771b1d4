import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { apiAccess, mayCall } from '../../schema/shared/api-routes';
import { contractRow, unparsed, type apiContract, type ContractRoute } from '../../schema/shared/api-contract';
import { levelOf } from '../../schema/shared/user';
import { HttpError, unauthorized } from './errors';
import { parse } from './parse';

type Rows = typeof apiContract;
/** The request as the handler gets it: parsed by the route's row (defaults filled), or as it came for an `unparsed` row. */
export type BodyOf<K extends ContractRoute> = K extends keyof Rows ? z.output<Rows[K]['request']> : unknown;
/** What the handler returns: the row's answer (or nothing when it answered itself, as a stream or an error page does). */
export type AnswerOf<K extends ContractRoute> = K extends keyof Rows ? z.output<Rows[K]['answer']> : unknown;
export type Handler<K extends ContractRoute> = (call: { body: BodyOf<K>; req: Request; res: Response }) => Promise<AnswerOf<K> | void> | AnswerOf<K> | void;

declare module 'express-serve-static-core' {
  interface Locals {
    /** Whether route() checks each answer against the contract (set by server/app.ts: outside production). */
    checkAnswers?: boolean;
  }
}

/** The contract's issues with an answer of this route, or none; outside production every answer is checked (`checkAnswers`). */
export const answerIssues = (key: ContractRoute, answer: unknown): z.core.$ZodIssue[] => {
  const checked = contractRow(key).answer.safeParse(answer);
  return checked.success ? [] : checked.error.issues;
};

/**
 * Registers one /api route by its row of the contract (schema/shared/api-contract.ts): the level it needs, then the request
 * parsed by the row (a 400 naming the fields), then the handler with that body. The handler's result is sent as JSON
 * unless the handler answered itself; with `res.locals.checkAnswers` it must fit the row's answer, else a 500.
 */
export const route = <K extends ContractRoute>(router: Router, key: K, handler: Handler<K>): void => {
  const [method, path] = key.split(' ') as ['GET' | 'POST', string];
  if (!(key in apiAccess)) throw new Error(`${key}: no access rule`);
  const row = contractRow(key);
  const verb = method === 'GET' ? 'get' : 'post';
  router[verb](path, async (req, res, next) => {
    try {
      if (!mayCall(res.locals.user, key)) throw levelOf(res.locals.user) === 'guest' ? unauthorized() : new HttpError(403, 'Недостаточно прав');
      const given: unknown = verb === 'get' ? req.query : req.body;
      // The row's schema is the one BodyOf<K> names; TypeScript cannot follow a generic key to its row.
      const body = (row.request === unparsed ? given : parse(row.request, given)) as BodyOf<K>;
      const answer = await handler({ body, req, res });
      if (res.headersSent) return;
      if (res.locals.checkAnswers) {
        const issues = answerIssues(key, answer);
        if (issues.length) throw new Error(`${key}: the answer breaks the contract: ${JSON.stringify(issues.slice(0, 5))}`);
      }
      if (answer === undefined) res.status(204).end();
      else res.json(answer);
    } catch (e) {
      next(e);
    }
  });
};
