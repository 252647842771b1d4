import type { z } from 'zod';
import { clientHistory, type clientHistoryRequest, type ClientHistory } from '../../schema/studio/clients/client-history';
import { today } from '../../schema/shared/day';
import { client, clientPhones } from '../../schema/entities/client';
import { recordData } from '../../schema/shared/record';
import { notFound } from '../http/errors';
import type { Storage } from '../db/storage';
import { tierStore } from '../records/tier-store';
import { ordersByCustomer } from './client-totals';

/** POST /api/clients/history: for each yearly date of a card, its orders in earlier years, and the last recipient (schema/studio/clients/client-history.ts). */
export const clientHistoryOf = async (storage: Storage, { id }: z.infer<typeof clientHistoryRequest>, now = new Date()): Promise<{ data: ClientHistory }> => {
  const record = await tierStore(storage).get(client.tier, client.type, id);
  const card = record && recordData(client, record);
  if (!card) throw notFound('Клиент: карточка не найдена');
  const byCustomer = await ordersByCustomer(storage);
  return { data: clientHistory(card, clientPhones(card).flatMap((p) => byCustomer.get(p) ?? []), today(now)) };
};
