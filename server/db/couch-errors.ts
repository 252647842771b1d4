import type { Response } from 'express';
import type { z } from 'zod';
import { storeAway } from '../http/errors';
import { log } from '../ops/log';

// Errors /db answers in CouchDB's shape, with Russian reasons and nothing of the server's insides.

export const couchError = (res: Response, status: number, error: string, reason: string) => void res.status(status).json({ error, reason });

export const badRequest = (res: Response, error: z.ZodError) => {
  const issue = error.issues[0];
  couchError(res, 400, 'bad_request', `Неверный запрос: ${issue?.path.join('.') || 'параметры'} — ${issue?.message ?? 'проверьте параметры'}`);
};

/** The CouchDB error an express-pouchdb answer of this status becomes: its own text may carry paths or stacks. */
const safeError = (status: number) =>
  status === 400 ? { error: 'bad_request', reason: 'Неверный запрос' }
  : status === 404 ? { error: 'not_found', reason: 'Не найдено' }
  : status === 409 ? { error: 'conflict', reason: 'Документ уже изменён' }
  : status < 500 ? { error: 'bad_request', reason: 'Запрос не выполнен' }
  : { error: 'internal_error', reason: 'Внутренняя ошибка сервера, попробуйте ещё раз' };

/** express-pouchdb's answer when PouchDB could not reach CouchDB: the http adapter's error is node-fetch's FetchError. */
const storeAwayAnswer = (body: unknown) => String(body).includes('"error":"FetchError"');

export const scrubErrors = (res: Response) => {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    if (res.statusCode < 400) return send(body);
    if (storeAwayAnswer(body)) {
      log.error({ answer: String(body).slice(0, 300) }, '/db: store out of reach');
      res.status(503).type('json');
      return send(JSON.stringify({ error: 'unavailable', reason: storeAway().message }));
    }
    if (res.statusCode >= 500) log.error({ status: res.statusCode, answer: String(body).slice(0, 500) }, '/db answered an error');
    res.type('json');
    return send(JSON.stringify(safeError(res.statusCode)));
  };
};
