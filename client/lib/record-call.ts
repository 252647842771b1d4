import type { ApiAnswer, ApiCall, ApiRequest, RecordAnswer, RecordRequest } from '../../schema/shared/api-contract';
import type { RecordAction } from '../../schema/shared/api-routes';
import type { AnyEntity } from '../../schema/entities';
import { ApiError, send } from './api';
import { issuesOf } from './use-form-action';
import { refusalMessage } from '../../schema/shared/refusal';

/*
 * The calls only staff screens make, kept out of client/lib/api.ts: that module is in the storefront's first script
 * (vite.config.ts), these come with the screens that use them.
 */

/** A POST whose request may be empty (`{}`): a read of a setting, a list without filters. */
export type EmptyCall = { [K in ApiCall]: K extends `POST ${string}` ? (Record<string, never> extends ApiRequest<K> ? K : never) : never }[ApiCall];

/** `call` with an empty body, for code that holds the route in a variable (`useOnlineCopy`). */
export const callEmpty = async <K extends EmptyCall>(key: K): Promise<ApiAnswer<K>> => (await send(key, {})) as ApiAnswer<K>;

/** A record call of the registry (`POST /api/{path}/list|get|update|delete`), its body typed by the entity. */
export const recordCall = async <E extends AnyEntity, A extends RecordAction>(entity: E, action: A, body: RecordRequest<E, A>): Promise<RecordAnswer<A>> =>
  (await send(`POST /api/${entity.path}/${action}`, body)) as RecordAnswer<A>;

/**
 * A body refused before it is sent, by the schema the server would parse it with: the same 400, message and issues
 * as the server's (server/http/errors.ts `fromZod`), so a screen shows one refusal either way.
 */
export const refusedHere = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ApiError => {
  const issues = issuesOf(error);
  return new ApiError(400, refusalMessage(issues), issues);
};
