import { client, clientIdOf, type Client } from '../../schema/entities/client';
import { tierDatabases } from '../../schema/shared/databases';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { claim } from '../db/claim';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import { registerOwnCodes } from '../refs/ref-codes';
import { tierStore } from '../records/tier-store';
import { cardOfPhone } from './card-of-phone';

const clients = (storage: Storage) => storage.db(tierDatabases[client.tier]);


/**
 * Gives a card without a name the name its customer typed (a card made at sign-in has none until the first checkout).
 * A name staff typed is never replaced; an edit made meanwhile wins (the put is optimistic on `updatedAt`).
 */
const fillName = async (storage: Storage, card: { record: OfficeRecord; data: Client }, name: string, now: number): Promise<void> => {
  if (card.data.name.trim() || !name) return;
  const { orders: _o, spent: _s, averageCheck: _a, ...stored } = client.fields.parse({ ...card.data, name });
  const record: OfficeRecord = { ...card.record, ...derivedFields(client, { ...card.data, name }), updatedBy: '', updatedAt: Math.max(now, card.record.updatedAt + 1), data: stored };
  await tierStore(storage).put(client.tier, record, card.record.updatedAt);
};

/**
 * Every customer who signs in on the site or orders by phone becomes a client, once: the card's id comes from the
 * phone and the first write wins (server/db/claim.ts), so two app servers, two tabs or a retry make one card, and
 * none is made for a phone another card holds (a merged card's: `cardOfPhone`). An existing card is only given the
 * name typed at checkout when it has none (`fillName`). Written by the server: `createdBy` is empty.
 */
export const knownClient = async (storage: Storage, who: { phone: string; name?: string; source: Client['source'] }, now = Date.now()): Promise<void> => {
  const card = await cardOfPhone(storage, who.phone);
  if (card) return fillName(storage, card, (who.name ?? '').trim().slice(0, 100), now);
  const id = clientIdOf(who.phone);
  const data = client.fields.parse({ phone: who.phone, name: (who.name ?? '').slice(0, 100), source: who.source });
  const { orders: _o, spent: _s, averageCheck: _a, ...stored } = data;
  const record: OfficeRecord = { id, type: 'client', ...derivedFields(client, data), createdBy: '', createdAt: now, updatedBy: '', updatedAt: now, data: stored };
  await registerOwnCodes(storage, client, stored);
  await claim(clients(storage), id, toSynced(record));
};
