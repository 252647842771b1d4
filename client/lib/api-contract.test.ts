import { describe, expectTypeOf, it } from 'vitest';
import type { ApiAnswer, ApiCall, ApiRequest } from '../../schema/shared/api-contract';
import { client } from '../../schema/entities/client';
import { call } from './api';
import { recordCall } from './record-call';

/**
 * Types of the /api contract as the client sees them: these fail `tsc` (npm run typecheck), not at runtime. Nothing
 * here is called: the functions are only typed.
 */
describe('the client’s calls are typed by the contract', () => {
  it('takes only routes of the contract, each with its body, and answers its answer', () => {
    const typed = async () => {
      // @ts-expect-error: a path typo is not a route of the contract
      await call('POST /api/clients/merg', { keep: 'a', drop: 'b' });
      // @ts-expect-error: a body that is not the route's request
      await call('POST /api/clients/merge', { keep: 'a' });
      // @ts-expect-error: the event stream is not a JSON call
      await call('GET /api/sync/stream');
      // @ts-expect-error: a GET takes no body
      await call('GET /api/user', {});
      const merged = await call('POST /api/clients/merge', { keep: 'a', drop: 'b' });
      expectTypeOf(merged.data.id).toEqualTypeOf<string>();
      const { user } = await call('GET /api/user');
      expectTypeOf(user?.phone).toEqualTypeOf<string | undefined>();
      const card = await recordCall(client, 'get', { id: 'client-79000000000' });
      expectTypeOf(card.data.updatedAt).toEqualTypeOf<number>();
      // @ts-expect-error: a card's data is the entity's fields, not anything
      await recordCall(client, 'update', { data: { colour: 'red' } });
      // @ts-expect-error: a record call takes only the registry's actions
      await recordCall(client, 'merge', { id: 'x' });
    };
    expectTypeOf(typed).toBeFunction();
    expectTypeOf<ApiRequest<'POST /api/login'>>().toEqualTypeOf<{ phone: string }>();
    expectTypeOf<ApiAnswer<'POST /api/login'>>().toEqualTypeOf<{ status: 'sended'; retryAfter: number }>();
    expectTypeOf<'GET /api/photos/:id'>().not.toExtend<ApiCall>();
  });
});
