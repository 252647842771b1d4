import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';
import type { ErrorAnswer } from '../../schema/shared/api';
import { refusalMessage } from '../../schema/shared/refusal';
import { log } from '../ops/log';

/** An error whose message is Russian and safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorAnswer['issues'],
  ) {
    super(message);
  }
}

export const notFound = (what = 'Не найдено') => new HttpError(404, what);
export const forbidden = (why = 'Недостаточно прав') => new HttpError(403, why);
export const unauthorized = () => new HttpError(401, 'Войдите по номеру телефона');

export const fromZod = (error: z.ZodError): HttpError => {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new HttpError(400, refusalMessage(issues), issues);
};

/** What a request is told while the database (CouchDB) is out of reach: the device sends it again later. */
export const storeAway = () => new HttpError(503, 'База данных сейчас недоступна, попробуйте ещё раз через минуту');

/** Codes of a connection that failed (Node's and undici's): the store is out of reach, the request was not wrong. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** A failure to reach the store: PouchDB's http adapter throws its fetch's error (`code`), Node's fetch one with a `cause`. */
export const isUnreachable = (err: unknown): boolean => {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return unreachableCodes.has(String(code)) || unreachableCodes.has(String(cause?.code));
};

interface BodyParserError {
  type?: string;
  status?: number;
}

const bodyParserMessages: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'Некорректный JSON в теле запроса'],
  'entity.too.large': [413, 'Слишком большой запрос'],
  'encoding.unsupported': [415, 'Неподдерживаемая кодировка запроса'],
  'charset.unsupported': [415, 'Неподдерживаемая кодировка запроса'],
};

/**
 * The client went away before its answer was sent: express's file sending says `ECONNABORTED` («Request aborted»: a
 * browser leaving a page drops the scripts it was still loading), a body reader `request.aborted`. Nobody is left to
 * answer and nothing on the server broke, so it is neither logged nor answered.
 */
const clientWentAway = (err: unknown): boolean => {
  const { code, type } = (err ?? {}) as { code?: unknown; type?: unknown };
  return code === 'ECONNABORTED' || type === 'request.aborted';
};

/**
 * Every failure leaves as JSON {error, issues?}; only the unexpected ones are 500 and logged (a client that went away
 * is neither). A store out of reach is
 * 503 (on /db as CouchDB's {error, reason}, which a device sends again), logged in one line.
 */
export const errorAnswer: ErrorRequestHandler = (err, req, res, _next) => {
  if (clientWentAway(err)) return void req.socket.destroy();
  const parser = bodyParserMessages[(err as BodyParserError).type ?? ''];
  if (parser) return void res.status(parser[0]).json({ error: parser[1] } satisfies ErrorAnswer);
  if (err instanceof z.ZodError) err = fromZod(err);
  if (isUnreachable(err)) {
    log.error(`store out of reach: ${(err as Error).message}`);
    const { message } = storeAway();
    return void res.status(503).json(req.path.startsWith('/db/') ? { error: 'unavailable', reason: message } : ({ error: message } satisfies ErrorAnswer));
  }
  if (err instanceof HttpError) return void res.status(err.status).json({ error: err.message, issues: err.issues } satisfies ErrorAnswer);
  log.error({ err }, 'unexpected failure, answered 500');
  res.status(500).json({ error: 'Внутренняя ошибка сервера, попробуйте ещё раз' } satisfies ErrorAnswer);
};
