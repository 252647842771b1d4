import { client, clientIdOf, clientPhones, type Client } from '../../schema/entities/client';
import { tierDatabases } from '../../schema/shared/databases';
import { formatPhone } from '../../schema/shared/phone';
import { recordData, type OfficeRecord } from '../../schema/shared/record';
import { upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { tierStore } from '../records/tier-store';

/**
 * Cards by their other phones: a view of the admin database (plain CouchDB and PouchDB alike, as the calendar's), so
 * the phone of a merged card, or one an admin typed into «Другие телефоны», finds its card from any app server
 * without reading every card. Deleted cards are not in a view.
 */
const designId = '_design/clients';
const view = 'clients/by-other-phone';
const byOtherPhone = {
  views: {
    'by-other-phone': {
      map: "function (doc) { if (doc.type === 'client' && doc.data && typeof doc.data.otherPhones === 'string') doc.data.otherPhones.split(/,\\s*/).forEach(function (p) { if (p) emit(p, null); }); }",
    },
  },
  language: 'javascript',
};

/** Writes the view once per store (every app server calls it at start; the same content is not written again). */
export const ensureClientPhoneIndex = async (storage: Storage): Promise<void> => {
  await upsert<object>(storage.db(tierDatabases[client.tier]), designId, (current) =>
    current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(byOtherPhone.views) ? null : byOtherPhone,
  );
};

interface PhoneCard {
  record: OfficeRecord;
  data: Client;
}

/**
 * The card of a phone, the one lookup wherever a card is found or made for a phone: the card whose main phone it is,
 * else the card that lists it among its other phones (a card merged into another leaves its phones there), the
 * first by id if an admin typed one phone into two cards. Null when no card has the phone.
 */
export const cardOfPhone = async (storage: Storage, phone: string): Promise<PhoneCard | null> => {
  const store = tierStore(storage);
  const own = await store.get(client.tier, client.type, clientIdOf(phone));
  const ownData = own && recordData(client, own);
  if (own && ownData) return { record: own, data: ownData };
  const { rows } = await storage.db(tierDatabases[client.tier]).query(view, { key: phone });
  // Rows of one key come in id order.
  for (const id of new Set(rows.map((r) => r.id))) {
    const record = await store.get(client.tier, client.type, id);
    const data = record && recordData(client, record);
    // The view may lag a moment behind an edit: the card must still list the phone as it reads now.
    if (record && data && clientPhones(data).includes(phone)) return { record, data };
  }
  return null;
};

/**
 * Why a card may not hold its phones as written: a phone it did not hold before is already another card's, so a
 * sign-in from it would find that one. Checked on the record API and the clients' CSV; a merge is the way to join them.
 */
export const phonesTakenIssue = async (storage: Storage, id: string, data: Client): Promise<string | undefined> => {
  const stored = await tierStore(storage).get(client.tier, client.type, id);
  const before = stored && recordData(client, stored);
  const had = before ? clientPhones(before) : [];
  for (const phone of clientPhones(data).filter((p) => !had.includes(p))) {
    const holder = await cardOfPhone(storage, phone);
    if (holder && holder.record.id !== id) return `Телефон ${formatPhone(phone)} уже есть в карточке «${holder.record.title}»: откройте её или объедините карточки`;
  }
  return undefined;
};
