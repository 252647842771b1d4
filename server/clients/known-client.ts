import { client, clientIdOf, type Client } from '../../schema/entities/client';
import { tierDatabases } from '../../schema/shared/databases';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { claim } from '../db/claim';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import { registerOwnCodes } from '../refs/ref-codes';
import { cardOfPhone } from './card-of-phone';

const clients = (storage: Storage) => storage.db(tierDatabases[client.tier]);


/**
 * Every customer who signs in on the site or orders by phone becomes a client, once: the card's id comes from the
 * phone and the first write wins (server/db/claim.ts), so two app servers, two tabs or a retry make one card and an
 * existing card is never touched, nor is one made for a phone another card holds (a merged card's: `cardOfPhone`).
 * Written by the server: `createdBy` is empty.
 */
export const knownClient = async (storage: Storage, who: { phone: string; name?: string; source: Client['source'] }, now = Date.now()): Promise<void> => {
  if (await cardOfPhone(storage, who.phone)) return;
  const id = clientIdOf(who.phone);
  const data = client.fields.parse({ phone: who.phone, name: (who.name ?? '').slice(0, 100), source: who.source });
  const { orders: _o, spent: _s, averageCheck: _a, ...stored } = data;
  const record: OfficeRecord = { id, type: 'client', ...derivedFields(client, data), createdBy: '', createdAt: now, updatedBy: '', updatedAt: now, data: stored };
  await registerOwnCodes(storage, client, stored);
  await claim(clients(storage), id, toSynced(record));
};
