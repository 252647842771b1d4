import type { z } from 'zod';
import { tierDatabases } from '../../schema/shared/databases';
import { client, clientIdOf } from '../../schema/entities/client';
import { flower } from '../../schema/entities/flower';
import { posifloraCustomer, posifloraItem, posifloraKinds, posifloraOrder, posifloraPage, type PosifloraKind, type PosifloraRun } from '../../schema/studio/reports/posiflora';
import { mapCustomer, mapItem, mapOrder, posifloraItemId } from '../../schema/studio/reports/posiflora-mapping';
import { derivedFields, officeRecord, type OfficeRecord } from '../../schema/shared/record';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { fromSynced, toSynced } from '../db/synced';
import { cardOfPhone } from '../clients/card-of-phone';
import { registerOwnCodes } from '../refs/ref-codes';
import { PosifloraError, posifloraClient } from './posiflora-api';
import { posifloraStore, type PosifloraAccount } from './posiflora-store';

/** Records asked for per page. */
const pageSize = 100;

/** Each kind: its list, how a page parses, and the query parameter that asks for changes since a moment. */
const kinds = {
  customers: { path: '/customers', item: posifloraCustomer, since: 'from' },
  items: { path: '/inventory-items', item: posifloraItem, since: 'from' },
  orders: { path: '/orders', item: posifloraOrder, since: 'filter[updatedAt][from]' },
} as const;

type Counts = PosifloraRun['counts'][string];

/**
 * Whether a stored record was last written by the import (updatedBy empty) or by a person here. A person's changes
 * win: the import then only fills what the record lacks (DECISIONS «Posiflora»).
 */
const byImport = (r: OfficeRecord | null) => !r || r.updatedBy === '';

const fill = <T extends Record<string, unknown>>(mine: T, theirs: Record<string, unknown>): T => {
  const out: Record<string, unknown> = { ...mine };
  for (const [k, v] of Object.entries(theirs)) if ((out[k] === undefined || out[k] === '') && v !== undefined && v !== '') out[k] = v;
  return out as T;
};

/**
 * One import run: customers, then inventory items, then orders, each from where the last run left it. Every record
 * lands under an id made from its Posiflora id (a client card under its phone), so a page read twice (a run cut short
 * and resumed, two app servers at once) writes the same records again, never a second copy. A page that does not
 * parse as the API promises, or an error from Posiflora, ends that kind's part of the run with the reason in the log;
 * the cursor stays at that page.
 */
export const posifloraImport = (shop: Shop) => {
  const store = posifloraStore(shop.storage);
  const posiflora = posifloraClient(shop.config.posiflora);
  const admin = () => shop.storage.db(tierDatabases[client.tier]);
  const office = () => shop.storage.db(tierDatabases[flower.tier]);

  /** A record of ours written by the import: a new one, or the stored one changed as the rule above says. */
  const writeRecord = async <E extends typeof client | typeof flower>(db: PouchDB.Database, entity: E, id: string, theirs: z.input<E['fields']>, now: number): Promise<boolean> => {
    let changed = false;
    // A card's source and a flower's unit are codes of the studio's lists: one an admin deleted is registered again.
    await registerOwnCodes(shop.storage, entity, theirs as Record<string, unknown>);
    await upsert<Omit<OfficeRecord, 'id'>>(db, id, (doc) => {
      const parsed = doc && !('_deleted' in doc) ? officeRecord.safeParse(fromSynced(doc)) : null;
      const before = parsed?.success ? parsed.data : null;
      const merged = before ? (byImport(before) ? { ...before.data, ...(theirs as Record<string, unknown>) } : fill(before.data, theirs as Record<string, unknown>)) : theirs;
      const data = entity.fields.safeParse(merged);
      if (!data.success) return null;
      const { orders: _o, spent: _s, averageCheck: _a, lastOrder: _l, ...stored } = data.data as Record<string, unknown>;
      if (before && JSON.stringify(before.data) === JSON.stringify(entity === client ? stored : data.data)) return null;
      changed = true;
      const record: OfficeRecord = {
        id,
        type: entity.type,
        ...derivedFields(entity, data.data as never),
        createdBy: before?.createdBy ?? '',
        createdAt: before?.createdAt ?? now,
        updatedBy: before && !byImport(before) ? before.updatedBy : '',
        updatedAt: Math.max(now, (before?.updatedAt ?? 0) + 1),
        data: entity === client ? stored : (data.data as Record<string, unknown>),
      };
      return toSynced(record);
    });
    return changed;
  };

  const session = async (account: PosifloraAccount, fresh = false): Promise<string> => {
    if (!fresh && account.accessToken && account.expireAt - 60_000 > Date.now()) return account.accessToken;
    const tokens = await posiflora.signIn(account.url, account.username, account.password);
    Object.assign(account, tokens);
    await store.saveAccount(account);
    return tokens.accessToken;
  };

  const page = async (account: PosifloraAccount, kind: PosifloraKind, number: number, since: string | null): Promise<unknown> => {
    const k = kinds[kind];
    const query: Record<string, string> = { 'page[number]': String(number), 'page[size]': String(pageSize), ...(since ? { [k.since]: since } : {}) };
    try {
      return await posiflora.getPage(account.url, await session(account), k.path, query);
    } catch (e) {
      if (!(e instanceof PosifloraError) || !e.unauthorized) throw e;
      return posiflora.getPage(account.url, await session(account, true), k.path, query);
    }
  };

  /** Customers' phones by their Posiflora id, for the orders of this run (read from the cards this import wrote). */
  const phonesById = new Map<string, string>();

  const importKind = async (account: PosifloraAccount, kind: PosifloraKind, counts: Counts, now: number) => {
    const cursor = await store.cursor(kind);
    const pass = cursor.pass ?? { startedAt: new Date(now).toISOString(), page: 1 };
    for (let number = pass.page; ; number++) {
      const answer = await page(account, kind, number, cursor.since);
      const parsed = posifloraPage(kinds[kind].item).safeParse(answer);
      if (!parsed.success) {
        await store.saveCursor(kind, { since: cursor.since, pass: { ...pass, page: number } });
        const issue = parsed.error.issues[0];
        throw new PosifloraError(`ответ Posiflora не такой, как обещает её API (страница ${number}${issue ? `, ${issue.path.join('.')}: ${issue.message}` : ''}): страница не перенесена`);
      }
      for (const item of parsed.data.data) {
        counts.read++;
        const written = await writeOne(kind, item, now);
        if (written === null) counts.skipped++;
        else if (written) counts.written++;
      }
      if (parsed.data.data.length < pageSize) {
        await store.saveCursor(kind, { since: pass.startedAt, pass: null });
        return;
      }
      await store.saveCursor(kind, { since: cursor.since, pass: { ...pass, page: number + 1 } });
    }
  };

  /** true: written, false: unchanged, null: not brought over. */
  const writeOne = async (kind: PosifloraKind, item: unknown, now: number): Promise<boolean | null> => {
    if (kind === 'customers') {
      const c = posifloraCustomer.parse(item);
      const mapped = mapCustomer(c);
      if (!mapped.ok) return null;
      phonesById.set(c.id, mapped.value.phone);
      const phone = client.fields.parse(mapped.value).phone;
      // A phone another card holds (a card merged into it) completes that card, whose main phone stays its own.
      const holder = await cardOfPhone(shop.storage, phone);
      return writeRecord(admin(), client, holder?.record.id ?? clientIdOf(phone), { ...mapped.value, phone: holder?.data.phone ?? phone }, now);
    }
    if (kind === 'items') {
      const i = posifloraItem.parse(item);
      const mapped = mapItem(i);
      return mapped.ok ? writeRecord(office(), flower, posifloraItemId(i.id), mapped.value, now) : null;
    }
    const o = posifloraOrder.parse(item);
    const mapped = mapOrder(o, phonesById, now);
    if (!mapped.ok) return null;
    await store.saveOrder(mapped.value);
    return true;
  };

  return {
    /** Runs the import now; answers the run as logged. Without an account, null. */
    async run(by: string, now = Date.now()): Promise<PosifloraRun | null> {
      const account = await store.account();
      if (!account) return null;
      const run: PosifloraRun = { id: `${now}-${Math.random().toString(36).slice(2, 8)}`, startedAt: now, by, counts: {}, errors: [] };
      for (const kind of posifloraKinds) {
        const counts = { read: 0, written: 0, skipped: 0 };
        run.counts[kind] = counts;
        try {
          await importKind(account, kind, counts, now);
        } catch (e) {
          run.errors.push({ kind, message: e instanceof PosifloraError ? e.message : 'сбой при переносе: повторите позже' });
          if (e instanceof PosifloraError && e.unauthorized) break;
        }
      }
      run.finishedAt = Date.now();
      await store.saveRun(run);
      return run;
    },
  };
};
