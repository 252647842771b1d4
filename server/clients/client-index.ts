import { z } from 'zod';
import { client } from '../../schema/entities/client';
import { cardTokensSource, searchWords } from '../../schema/studio/clients/client-search';
import { tierDatabases } from '../../schema/shared/databases';
import type { OfficeRecord } from '../../schema/shared/record';
import { upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { readRecord } from '../records/tier-store';

/**
 * The clients list's indexes (issue 32, item 2; DECISIONS «The clients list reads an index»): views of the admin
 * database, kept current by the store itself as cards change (PouchDB and CouchDB alike), so a search reads the keys
 * it matches and then those cards only, never every card.
 * - `search`: a card's tokens (schema/studio/clients/client-search.ts), no value;
 * - `list`: what the list sorts by when nothing is searched (name, phones, birthday, title, times), by id, so an
 *   unfiltered page is sorted from these rows and only its own cards are read.
 */
const designId = '_design/client-list';
const design = {
  views: {
    search: { map: cardTokensSource },
    list: {
      map: "function (doc) { if (doc.type === 'client' && doc.data) emit(doc._id, { title: doc.title, createdAt: doc.createdAt, updatedAt: doc.updatedAt, data: { name: doc.data.name, phone: doc.data.phone, birthday: doc.data.birthday } }); }",
    },
  },
  language: 'javascript',
};

const db = (storage: Storage) => storage.db(tierDatabases[client.tier]);

/** Writes the views once per store (every app server calls it at start; the same content is not written again). */
export const ensureClientListIndex = async (storage: Storage): Promise<void> => {
  await upsert<object>(db(storage), designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(design.views) ? null : design));
};

/**
 * The ids of the cards a search finds: for each word, the index's keys it begins (a key range), then the cards every
 * word found. The rows carry their key, so a key the store's collation put inside the range but that does not begin
 * with the word (CouchDB compares as a reader would) is left out here.
 */
export const clientIdsOfSearch = async (storage: Storage, search: string): Promise<string[]> => {
  const asked = searchWords(search);
  if (!asked.length) return [];
  const found = await Promise.all(
    asked.map(async (word) => {
      const { rows } = await db(storage).query<object>('client-list/search', { startkey: word, endkey: `${word}\ufff0` });
      return new Set(rows.filter((r) => typeof r.key === 'string' && r.key.startsWith(word)).map((r) => r.id));
    }),
  );
  const [fewest, ...rest] = found.sort((a, b) => a.size - b.size);
  return [...fewest].filter((id) => rest.every((s) => s.has(id))).sort();
};

/** The cards of these ids, as the record API reads them (a deleted or damaged one is left out). */
export const clientsById = async (storage: Storage, ids: string[]): Promise<OfficeRecord[]> => {
  if (!ids.length) return [];
  const { rows } = await db(storage).allDocs({ keys: ids, include_docs: true });
  return rows.flatMap((r) => {
    const record = 'doc' in r && r.doc ? readRecord(r.doc) : null;
    return record && record.type === client.type ? [record] : [];
  });
};

/** What the list sorts an unsearched page by, one row a card: enough of a record for `listPage`'s order, no more. */
export type ClientSortRow = Pick<OfficeRecord, 'id' | 'title' | 'createdAt' | 'updatedAt' | 'data'>;

const sortRow = z.object({
  title: z.string().default(''),
  createdAt: z.number().default(0),
  updatedAt: z.number().default(0),
  data: z.object({ name: z.string().optional(), phone: z.string().optional(), birthday: z.string().optional() }),
});

export const clientSortRows = async (storage: Storage): Promise<ClientSortRow[]> => {
  const { rows } = await db(storage).query<object>('client-list/list');
  return rows.flatMap((r) => {
    const row = sortRow.safeParse(r.value);
    return row.success ? [{ id: r.id, ...row.data }] : [];
  });
};
