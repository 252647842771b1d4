import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';
import type { ErrorAnswer } from '../../schema/api';

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
  const first = issues[0];
  return new HttpError(400, `Проверьте данные: ${first.path ? `${first.path} — ` : ''}${first.message}`, issues);
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

/** Every failure leaves as JSON {error, issues?}; only the unexpected ones are 500 and logged. */
export const errorAnswer: ErrorRequestHandler = (err, _req, res, _next) => {
  const parser = bodyParserMessages[(err as BodyParserError).type ?? ''];
  if (parser) return void res.status(parser[0]).json({ error: parser[1] } satisfies ErrorAnswer);
  if (err instanceof z.ZodError) err = fromZod(err);
  if (err instanceof HttpError) return void res.status(err.status).json({ error: err.message, issues: err.issues } satisfies ErrorAnswer);
  console.error(err);
  res.status(500).json({ error: 'Внутренняя ошибка сервера, попробуйте ещё раз' } satisfies ErrorAnswer);
};
