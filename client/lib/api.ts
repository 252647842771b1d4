import type { ErrorAnswer } from '../../schema/api';

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

export const api = async <T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> => {
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
  const json = (await res.json().catch(() => undefined)) as (T & Partial<ErrorAnswer>) | undefined;
  if (!res.ok) throw new ApiError(res.status, json?.error ?? `Ошибка сервера (${res.status})`, json?.issues);
  return json as T;
};
