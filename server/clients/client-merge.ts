import { client } from '../../schema/entities/client';
import type { z } from 'zod';
import { mergedClient, type clientMergeRequest } from '../../schema/studio/clients/client-merge';
import { derivedFields, recordData, type OfficeRecord } from '../../schema/shared/record';
import type { User } from '../../schema/shared/user';
import { HttpError, notFound } from '../http/errors';
import type { Storage } from '../db/storage';
import { tierStore } from '../records/tier-store';
import { stampAlert } from './stamp-alert';

const busy = 'Карточку как раз меняли: откройте её заново и повторите';

/** Merges two cards of one person (schema/studio/clients/client-merge.ts): the kept one takes the other's data, the other is removed. */
export const mergeClients = async (storage: Storage, user: User, { keep, drop }: z.infer<typeof clientMergeRequest>, clock: () => number = Date.now): Promise<{ data: OfficeRecord }> => {
  const store = tierStore(storage);
  const [kept, dropped] = await Promise.all([store.get(client.tier, client.type, keep), store.get(client.tier, client.type, drop)]);
  if (!kept || !dropped) throw notFound('Клиент: карточка не найдена');
  const [a, b] = [recordData(client, kept), recordData(client, dropped)];
  if (!a || !b) throw new HttpError(409, busy);
  const data = mergedClient(a, b);
  const { orders: _o, spent: _s, averageCheck: _c, lastOrder: _l, ...stored } = data;
  const record: OfficeRecord = { ...kept, ...derivedFields(client, data), updatedAt: Math.max(clock(), kept.updatedAt + 1), updatedBy: user.phone, data: stored };
  if ((await store.put(client.tier, record, kept.updatedAt)) !== 'ok') throw new HttpError(409, busy);
  if ((await store.remove(client.tier, dropped)) !== 'ok') throw new HttpError(409, busy);
  await stampAlert(storage, data.phone);
  return { data: record };
};
