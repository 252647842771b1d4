import { posifloraSession } from '../../schema/studio/reports/posiflora';
import { HttpError } from '../http/errors';
import { InsideAddressError, OversizedAnswerError, request, type Answer, type OutsideReach } from '../http/outside-request';

/** Posiflora answers 415 to plain application/json: JSON:API's own type, both ways. */
const jsonApi = 'application/vnd.api+json';
const timeoutMs = 15_000;

/** What went wrong talking to Posiflora, in Russian, for the run's log and the connect form. */
export class PosifloraError extends Error {
  constructor(
    message: string,
    readonly unauthorized = false,
  ) {
    super(message);
  }
}

/** The API's base from the account's address: https://studio.posiflora.com → https://studio.posiflora.com/api/v1. */
const apiBase = (url: string): string => {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api$/.test(trimmed) ? `${trimmed}/v1` : `${trimmed}/api/v1`;
};

/** Posiflora's own hosts: posiflora.com and its subdomains (a studio's account is https://{studio}.posiflora.com). */
const posifloraHost = (hostname: string): boolean => hostname === 'posiflora.com' || hostname.endsWith('.posiflora.com');

export const onlyPosiflora = 'Адрес Posiflora — только https:// на posiflora.com, например https://studio.posiflora.com';

/**
 * Where the server may send the studio's login: https on a Posiflora host (and, in tests only, plain http to the
 * stand-in on 127.0.0.1: `OutsideReach`). Anything else — an address by number, another site, a login inside the
 * address — is refused before a byte is sent; a Posiflora name that resolves inside a network is refused by the
 * connection itself (server/http/outside-request.ts).
 */
export const addressIssue = (url: string, reach: OutsideReach = {}): string | undefined => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Адрес Posiflora — например https://studio.posiflora.com';
  }
  if (u.username || u.password) return 'Адрес Posiflora — без логина и пароля в нём: их укажите в полях ниже';
  if (u.protocol === 'https:' && posifloraHost(u.hostname)) return undefined;
  if (reach.standInOnLoopback && u.protocol === 'http:' && u.hostname === '127.0.0.1') return undefined;
  return onlyPosiflora;
};

const send = async (reach: OutsideReach, url: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: unknown; text: string }> => {
  // Every request, not only the connect form's: an account stored before this rule is not reached either.
  const issue = addressIssue(url, reach);
  if (issue) throw new PosifloraError(issue);
  let answer: Answer;
  try {
    // A redirect is an answer (>= 300), never followed: it could point anywhere the rule above refuses.
    answer = await request(reach, 'Posiflora', new URL(url), { ...init, headers: { 'content-type': jsonApi, accept: jsonApi, ...init.headers }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    if (e instanceof InsideAddressError || e instanceof OversizedAnswerError) throw new PosifloraError(e.message);
    throw new PosifloraError('Posiflora не отвечает: проверьте адрес и сеть');
  }
  let body: unknown = null;
  try {
    body = answer.text ? JSON.parse(answer.text) : null;
  } catch {
    body = null;
  }
  return { status: answer.status, body, text: answer.text };
};

interface Tokens {
  accessToken: string;
  refreshToken: string;
  expireAt: number;
}

/** POST /v1/sessions: signs in with the studio's login. Wrong credentials are a PosifloraError that says so. */
const signInToPosiflora = async (reach: OutsideReach, url: string, username: string, password: string): Promise<Tokens> => {
  const answer = await send(reach, `${apiBase(url)}/sessions`, { method: 'POST', body: JSON.stringify({ data: { type: 'sessions', attributes: { username, password } } }) });
  if (answer.status === 401 || answer.status === 403 || answer.status === 422 || answer.status === 400)
    throw new PosifloraError('Posiflora не приняла логин и пароль', true);
  if (answer.status >= 300) throw new PosifloraError(`Posiflora ответила ${answer.status} на вход: проверьте адрес аккаунта`);
  const parsed = posifloraSession.safeParse(answer.body);
  if (!parsed.success) throw new PosifloraError('Posiflora ответила на вход не так, как обещает её API: сессия не открыта');
  const a = parsed.data.data.attributes;
  const expireAt = Date.parse(a.expireAt);
  return { accessToken: a.accessToken, refreshToken: a.refreshToken, expireAt: Number.isFinite(expireAt) ? expireAt : Date.now() + 30 * 60_000 };
};

/** GET a list page with the session's token; a refused token is a PosifloraError marked unauthorized (the caller signs in again once). */
const getPage = async (reach: OutsideReach, url: string, token: string, path: string, query: Record<string, string>): Promise<unknown> => {
  const answer = await send(reach, `${apiBase(url)}${path}?${new URLSearchParams(query)}`, { method: 'GET', headers: { authorization: `Bearer ${token}` } });
  if (answer.status === 401) throw new PosifloraError('Сессия Posiflora истекла', true);
  if (answer.status >= 300) throw new PosifloraError(`Posiflora ответила ${answer.status} на ${path}`);
  return answer.body;
};

/** The calls this server makes to Posiflora, each through the address rule and the checked connection. */
export const posifloraClient = (reach: OutsideReach = {}) => ({
  addressIssue: (url: string) => addressIssue(url, reach),
  signIn: (url: string, username: string, password: string) => signInToPosiflora(reach, url, username, password),
  getPage: (url: string, token: string, path: string, query: Record<string, string>) => getPage(reach, url, token, path, query),
});

/** For the API: a Posiflora problem is the admin's to fix (400), never our 500. */
export const asHttpError = (e: unknown): never => {
  if (e instanceof PosifloraError) throw new HttpError(400, e.message);
  throw e;
};
