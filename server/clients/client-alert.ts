import { client, clientIdOf } from '../../schema/entities/client';
import { tierDatabases } from '../../schema/databases';
import type { Order } from '../../schema/order';
import { recordData, type OfficeRecord } from '../../schema/record';
import type { Storage } from '../db/storage';
import { getSynced } from '../db/synced';

/** The client card's «Важно для каждого заказа» for the customer's phone; '' when there is no card or no note. */
export const alertOf = async (storage: Storage, phone: string): Promise<string> => {
  const record = await getSynced<OfficeRecord>(storage.db(tierDatabases[client.tier]), clientIdOf(phone));
  const data = record && record.type === 'client' ? recordData(client, record) : null;
  return data?.alert ?? '';
};

/** An order's staff copy with the client's note as it stands: set, changed or gone. */
export const withAlert = (o: Order, alert: string): Order => {
  const { clientNote: _old, ...rest } = o;
  return alert ? { ...rest, clientNote: alert } : rest;
};
