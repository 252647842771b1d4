import { client } from '../../schema/entities/client';
import { cardTokens, searchWords } from '../../schema/studio/clients/client-search';
import { tierDatabases } from '../../schema/shared/databases';
import type { OfficeRecord, RecordListRequest } from '../../schema/shared/record';
import { sortedPage, type SortableRecord } from '../../schema/shared/record-page';
import type { ListAnswer } from '../../schema/shared/api';
import type { Stored } from '../db/docs';
import { followDb } from '../db/follow';
import type { Storage } from '../db/storage';
import { readRecord } from '../records/tier-store';

/**
 * The clients list's index (issue 32, item 2; DECISIONS «The clients list reads an index»): each card's search tokens
 * (schema/studio/clients/client-search.ts) and sort columns, on this app server, derived from the admin database and
 * never state. Built from sequence 0 on first use and caught up with the database's changes before every read (a
 * card another app server wrote included), as the stock projection is, so a search reads the tokens in memory and
 * then the cards it found only, and an unsearched page reads its own cards only.
 *
 * Why not a view of the store: a view of the tokens (about 12 rows a card) took 5 minutes to build for 20,000 cards
 * on the embedded PouchDB and 0.9 s to read a 4,500-row range of it (docs/BENCH.md «Lists and reports read ranges»).
 */
export const clientIndex = (storage: Storage) => {
  const cards = new Map<string, { row: SortableRecord; tokens: string[] }>();
  /** Every token, sorted, with its cards: rebuilt on the first search after a change. */
  let tokens: { sorted: string[]; cards: Map<string, string[]> } | null = null;
  /** The ids in each order asked for since the last change. */
  const orders = new Map<string, SortableRecord[]>();

  const take = (id: string, doc: Stored<object> | undefined, deleted: boolean) => {
    const record = !deleted && doc && !id.startsWith('_') ? readRecord(doc) : null;
    const before = cards.get(id);
    if (!record || record.type !== client.type) {
      if (!before) return;
      cards.delete(id);
    } else {
      const { name, phone, birthday, email, otherPhones } = record.data;
      cards.set(id, { row: { id, title: record.title, createdAt: record.createdAt, updatedAt: record.updatedAt, data: { name, phone, birthday } }, tokens: cardTokens({ name, phone, email, otherPhones }) });
    }
    tokens = null;
    orders.clear();
  };

  const sync = followDb(storage, tierDatabases[client.tier], take);

  const tokenIndex = () => {
    if (tokens) return tokens;
    const byToken = new Map<string, string[]>();
    for (const [id, card] of cards) for (const t of card.tokens) byToken.set(t, [...(byToken.get(t) ?? []), id]);
    tokens = { sorted: [...byToken.keys()].sort(), cards: byToken };
    return tokens;
  };

  /** The cards of the tokens `word` begins: a binary search for the first, then the run of tokens that begin so. */
  const cardsOfWord = (word: string): Set<string> => {
    const { sorted, cards: of } = tokenIndex();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    const found = new Set<string>();
    for (let i = lo; i < sorted.length && sorted[i].startsWith(word); i++) for (const id of of.get(sorted[i]) ?? []) found.add(id);
    return found;
  };

  return {
    /** Reads the cards so far (every app server at start, without waiting for it). */
    warm: () => sync(),

    /** The ids of the cards a search finds: every word of it begins a token of the card. */
    async search(search: string): Promise<string[]> {
      await sync();
      const asked = searchWords(search);
      if (!asked.length) return [];
      const [fewest, ...rest] = asked.map(cardsOfWord).sort((a, b) => a.size - b.size);
      return [...fewest].filter((id) => rest.every((s) => s.has(id))).sort();
    },

    /**
     * One page of the cards in the list's order, from the index's rows (every card, or those of `ids`: a search's):
     * only the page's cards are read after. Each order is sorted once until a card changes.
     */
    async page(params: RecordListRequest['params'], ids?: string[]): Promise<ListAnswer<SortableRecord>> {
      await sync();
      const key = params.sort ?? client.list.sort;
      let sorted = orders.get(key);
      if (!sorted) {
        sorted = sortedPage(client, [...cards.values()].map((c) => c.row), { skip: 0, limit: cards.size, sort: params.sort }).data.items;
        orders.set(key, sorted);
      }
      const only = ids && new Set(ids);
      const shown = only ? sorted.filter((r) => only.has(r.id)) : sorted;
      return { data: { items: shown.slice(params.skip, params.skip + params.limit), total: shown.length, skip: params.skip, limit: params.limit } };
    },
  };
};
export type ClientIndex = ReturnType<typeof clientIndex>;

/** The cards of these ids, as the record API reads them (a deleted or damaged one is left out). */
export const clientsById = async (storage: Storage, ids: string[]): Promise<OfficeRecord[]> => {
  if (!ids.length) return [];
  const { rows } = await storage.db(tierDatabases[client.tier]).allDocs({ keys: ids, include_docs: true });
  return rows.flatMap((r) => {
    const record = 'doc' in r && r.doc ? readRecord(r.doc) : null;
    return record && record.type === client.type ? [record] : [];
  });
};
