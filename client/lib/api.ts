import type { ErrorAnswer } from '../../schema/api';
import type { ApiAnswer, ApiCall, ApiRequest } from '../../schema/api-contract';

/** A failed /api call, with the server's Russian message (or ours when the network is down). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ErrorAnswer['issues'] = [],
  ) {
    super(message);
  }
}

export const offlineMessage = 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз';

/**
 * The one fetch of JSON /api calls. The answer is the server's, typed by the contract (schema/api-contract.ts) and not
 * parsed here: the server checks its answers against the same contract (server/http/route.ts), and the types stay
 * types, so no schema reaches the bundle.
 */
export const send = async (method: 'GET' | 'POST', path: string, body: unknown): Promise<unknown> => {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, offlineMessage);
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = json !== null && typeof json === 'object' ? (json as Partial<ErrorAnswer>) : {};
    throw new ApiError(res.status, typeof error.error === 'string' ? error.error : `Ошибка сервера (${res.status})`, Array.isArray(error.issues) ? error.issues : []);
  }
  return json;
};

/** A GET takes no body; a POST its row's request. */
export type Args<K extends ApiCall> = K extends `GET ${string}` ? [] : [body: ApiRequest<K>];

/** `call` against another origin (the outbox's tests run the page and the server apart). */
export const callAt = async <K extends ApiCall>(base: string, key: K, ...args: Args<K>): Promise<ApiAnswer<K>> => {
  const path = key.slice(key.indexOf('/'));
  return (await send(key.startsWith('GET') ? 'GET' : 'POST', base + path, args[0])) as ApiAnswer<K>;
};

/**
 * Calls one route of the contract: `call('POST /api/clients/merge', { keep, drop })`. The key must be a row of the
 * contract (a typo does not compile), the body is its request, the answer its answer's type.
 */
export const call = <K extends ApiCall>(key: K, ...args: Args<K>): Promise<ApiAnswer<K>> => callAt('', key, ...args);
