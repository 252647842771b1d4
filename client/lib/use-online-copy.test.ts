// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiAnswer } from '../../schema/shared/api-contract';
import { offlineMessage } from './api';
import { renderHook } from './render-hook';
import { useOnlineCopy } from './use-online-copy';

const take = ({ data }: ApiAnswer<'POST /api/profile/get'>) => ({ form: data.profile.name.toUpperCase(), updatedAt: data.updatedAt });
const takeSettings = ({ data }: ApiAnswer<'POST /api/settings/get'>) => ({ form: String(data.settings.deliveryPrice), updatedAt: data.updatedAt });

describe('useOnlineCopy', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is null until read, then what take makes of the answer; the screen may set it again from a save', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => (asked.push(url), Promise.resolve(Response.json({ data: { profile: { name: 'роза' }, updatedAt: 7 } }))));
    const fail = vi.fn();
    const { result, settle } = await renderHook(() => useOnlineCopy('POST /api/profile/get', take, fail), {});
    await settle();
    expect(result.current![0]).toEqual({ form: 'РОЗА', updatedAt: 7 });
    expect(asked).toEqual(['/api/profile/get']);
    await settle(() => result.current![1]({ form: 'ТЮЛЬПАН', updatedAt: 8 }));
    expect(result.current![0]).toEqual({ form: 'ТЮЛЬПАН', updatedAt: 8 });
    expect([fail.mock.calls.length, asked.length]).toEqual([0, 1]);
  });

  it('says a failed read through fail, in the server’s words or ours when the network is down', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ error: 'Недостаточно прав' }, { status: 403 })));
    const fail = vi.fn();
    const { result, settle } = await renderHook(() => useOnlineCopy('POST /api/settings/get', takeSettings, fail), {});
    await settle();
    expect([result.current![0], fail.mock.calls]).toEqual([null, [['Недостаточно прав']]]);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = vi.fn();
    await (await renderHook(() => useOnlineCopy('POST /api/settings/get', takeSettings, offline), {})).settle();
    expect(offline.mock.calls).toEqual([[offlineMessage]]);
  });
});
