import type { ErrorAnswer } from '../../schema/api';
import type { ApiAnswer, ApiCall, ApiRequest, RecordAnswer, RecordRequest } from '../../schema/api-contract';
import type { RecordAction } from '../../schema/api-routes';
import type { AnyEntity } from '../../schema/entities';

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
const send = async (method: 'GET' | 'POST', path: string, body: unknown): Promise<unknown> => {
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
type Args<K extends ApiCall> = K extends `GET ${string}` ? [] : [body: ApiRequest<K>];

/**
 * Calls one route of the contract: `call('POST /api/clients/merge', { keep, drop })`. The key must be a row of the
 * contract (a typo does not compile), the body is its request, the answer its answer's type. `base` prefixes the path
 * (the outbox sends to another origin in tests).
 */
export const call = async <K extends ApiCall>(key: K, ...args: Args<K>): Promise<ApiAnswer<K>> => {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) === 'GET' ? 'GET' : 'POST';
  return (await send(method, key.slice(space + 1), args[0])) as ApiAnswer<K>;
};

/** `call` against another origin (the outbox's tests run the page and the server apart). */
export const callAt = async <K extends ApiCall>(base: string, key: K, ...args: Args<K>): Promise<ApiAnswer<K>> => {
  const space = key.indexOf(' ');
  return (await send(key.slice(0, space) === 'GET' ? 'GET' : 'POST', `${base}${key.slice(space + 1)}`, args[0])) as ApiAnswer<K>;
};

/** A record call of the registry (`POST /api/{path}/list|get|update|delete`), its body typed by the entity. */
export const recordCall = async <E extends AnyEntity, A extends RecordAction>(entity: E, action: A, body: RecordRequest<E, A>): Promise<RecordAnswer<A>> =>
  (await send('POST', `/api/${entity.path}/${action}`, body)) as RecordAnswer<A>;

/**
 * The old untyped call, left only for calls whose path is built at runtime and not yet moved to `call`/`recordCall`
 * (issue 28, item 4 lists them). Its answer type is the caller's word: do not add new uses.
 */
export const api = async <T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> => (await send(method, path, body)) as T;
