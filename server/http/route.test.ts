import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerIssues, route } from './route';
import { errorAnswer } from './errors';

/**
 * route() by the contract (schema/shared/api-contract.ts): the request is parsed by the row before the handler, and with
 * `checkAnswers` an answer that breaks the row is a 500, never sent.
 */
describe('the /api contract at the route', () => {
  let base = '';
  let close = () => {};
  let checkAnswers = true;
  let seen: unknown = null;
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use((_req, res, next) => {
      res.locals.user = null;
      res.locals.checkAnswers = checkAnswers;
      next();
    });
    const api = Router();
    // A handler that breaks its row (a status not the contract's, a number as text): the compiler refuses it too.
    // @ts-expect-error: the second answer is not the row's
    route(api, 'POST /api/login', ({ body }) => {
      seen = body;
      if (body.phone.endsWith('1')) return { status: 'sended' as const, retryAfter: 60 };
      return { status: 'sent', retryAfter: '60' };
    });
    app.use(api);
    app.use(errorAnswer);
    const server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = async (body: unknown) => {
    const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('parses the request by the row: the handler gets the parsed body, a wrong one is a 400 in Russian', async () => {
    seen = null;
    expect(await post({ phone: '+7 (900) 000-00-01' })).toEqual({ status: 200, body: { status: 'sended', retryAfter: 60 } });
    expect(seen).toEqual({ phone: '79000000001' });
    seen = null;
    const wrong = await post({ phone: '12', extra: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: expect.stringMatching(/^Проверьте данные/) });
    expect(seen).toBeNull();
  });

  it('refuses to send an answer that breaks the contract while checking, and sends it when not', async () => {
    checkAnswers = true;
    expect((await post({ phone: '79000000002' })).status).toBe(500);
    checkAnswers = false;
    expect(await post({ phone: '79000000002' })).toEqual({ status: 200, body: { status: 'sent', retryAfter: '60' } });
    checkAnswers = true;
  });

  it('names what is wrong in an answer, for any row', () => {
    expect(answerIssues('POST /api/clients/merge', { data: { id: 'c-1' } }).length).toBeGreaterThan(0);
    expect(answerIssues('POST /api/orders/cancel', { outcome: { ok: true } }).map((i) => i.path.join('.'))).toEqual(['outcome.at']);
    expect(answerIssues('POST /api/clients/export', { csv: 'phone\n', count: 0 })).toEqual([]);
    expect(answerIssues('POST /api/clients/list', { data: { items: [], total: 0, skip: 0, limit: 20 } })).toEqual([]);
    expect(answerIssues('POST /api/clients/list', { data: { items: [{ id: 'x' }], total: 1, skip: 0, limit: 20 } }).length).toBeGreaterThan(0);
    expect(answerIssues('GET /api/sync/stream', {}).length).toBeGreaterThan(0);
  });
});
