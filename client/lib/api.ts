import type { ErrorAnswer } from '../../schema/shared/api';
import type { ApiAnswer, ApiCall, ApiRequest } from '../../schema/shared/api-contract';

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
 * The one fetch of JSON /api calls, by the contract's key ('POST /api/x'). The answer is the server's, typed by the
 * contract (schema/shared/api-contract.ts) and not parsed here: the server checks its answers against the same contract
 * (server/http/route.ts), and the types stay types, so no schema reaches the bundle. `base`: another origin (the
 * outbox's tests run the page and the server apart).
 */
export const send = async (key: string, body: unknown, base = ''): Promise<unknown> => {
  const [method, path] = key.split(' ');
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      credentials: 'same-origin',
      // a file goes as its bytes (a picture's upload), anything else as JSON
      headers: body === undefined ? {} : { 'content-type': body instanceof Blob ? body.type : 'application/json' },
      body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, offlineMessage);
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error: Partial<ErrorAnswer> = json !== null && typeof json === 'object' ? json : {};
    throw new ApiError(res.status, typeof error.error === 'string' ? error.error : `Ошибка сервера (${res.status})`, Array.isArray(error.issues) ? error.issues : []);
  }
  return json;
};

/** A GET takes no body; a POST its row's request. */
export type Args<K extends ApiCall> = K extends `GET ${string}` ? [] : [body: ApiRequest<K>];

/**
 * Calls one route of the contract: `call('POST /api/clients/merge', { keep, drop })`. The key must be a row of the
 * contract (a typo does not compile), the body is its request, the answer its answer's type.
 */
export const call = <K extends ApiCall>(key: K, ...args: Args<K>) => send(key, args[0]) as Promise<ApiAnswer<K>>;

/** `call` against another origin. */
export const callAt = <K extends ApiCall>(base: string, key: K, ...args: Args<K>) => send(key, args[0], base) as Promise<ApiAnswer<K>>;
