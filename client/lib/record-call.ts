import type { ApiAnswer, ApiCall, ApiRequest, RecordAnswer, RecordRequest } from '../../schema/api-contract';
import type { RecordAction } from '../../schema/api-routes';
import type { AnyEntity } from '../../schema/entities';
import { send } from './api';

/*
 * The calls only staff screens make, kept out of client/lib/api.ts: that module is in the storefront's first script
 * (vite.config.ts), these come with the screens that use them.
 */

/** A POST whose request may be empty (`{}`): a read of a setting, a list without filters. */
export type EmptyCall = { [K in ApiCall]: K extends `POST ${string}` ? (Record<string, never> extends ApiRequest<K> ? K : never) : never }[ApiCall];

/** `call` with an empty body, for code that holds the route in a variable (`useOnlineCopy`). */
export const callEmpty = async <K extends EmptyCall>(key: K): Promise<ApiAnswer<K>> => (await send('POST', key.slice(5), {})) as ApiAnswer<K>;

/** A record call of the registry (`POST /api/{path}/list|get|update|delete`), its body typed by the entity. */
export const recordCall = async <E extends AnyEntity, A extends RecordAction>(entity: E, action: A, body: RecordRequest<E, A>): Promise<RecordAnswer<A>> =>
  (await send('POST', `/api/${entity.path}/${action}`, body)) as RecordAnswer<A>;

/**
 * The old untyped call, left only for calls whose path is built at runtime and not yet moved to `call`/`recordCall`
 * (issue 28, item 4 lists them). Its answer type is the caller's word: do not add new uses.
 */
export const api = async <T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> => (await send(method, path, body)) as T;
