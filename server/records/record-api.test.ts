import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../schema/shared/access';
import type { Action } from '../../schema/shared/entity';
import { entities, type AnyEntity } from '../../schema/entities';
import { slip } from '../../schema/entities/slip';
import { transfer } from '../../schema/entities/transfer';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { levels, reaches, type Level, type User } from '../../schema/shared/user';
import { recordRouteLevel } from '../../schema/shared/api-routes';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { removeDoc } from '../db/docs';
import { demoFlowers, demoWarehouses } from '../seed/stock';
import { idsAt, referencePlaces } from '../../schema/shared/reference';
import { tierDatabases } from '../../schema/shared/databases';
import { createIfMissing } from '../db/docs';
import { toSynced } from '../db/synced';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Saved = { data: OfficeRecord };
type Page = { data: { items: OfficeRecord[]; total: number; skip: number; limit: number } };

const phones: Record<Exclude<Level, 'guest'>, string> = { customer: '79550000001', ...demoPhones };
const userOf = (level: Level): User | null =>
  level === 'guest' ? null : { phone: phones[level], name: '', roles: level === 'customer' ? [] : [level], isAdmin: false };
const refusedStatus = (level: Level) => (level === 'guest' ? 401 : 403);
const cyrillic = /[а-яё]/i;

/** The lowest level that may take the action (on a record someone else wrote). */
const lowestWho = (entity: AnyEntity, action: Action): Level | undefined => levels.find((l) => can(userOf(l), action, entity, { createdBy: '70000000000' }));

/** A string field the list searches in: the records of the loop differ in it, for search and sort. */
const textField = (entity: AnyEntity): string => {
  const example = entity.example as Record<string, unknown>;
  const field = (entity.list.search as string[]).find((f) => typeof example[f] === 'string' && !/^\d+$/.test(String(example[f])));
  if (!field) throw new Error(`${entity.type}: no text field to search in`);
  return field;
};

const flowers = ['Астра', 'Бегония', 'Василёк'];

/** The values a filter can take: both of a boolean, the first two of an enum or of the values the entity names (a reference list's defaults). */
const filterValues = (entity: AnyEntity, field: string): [unknown, unknown] => {
  const probe = (value: unknown) => entity.fields.safeParse({ ...entity.example, [field]: value }).success;
  if (probe(true) && probe(false)) return [true, false];
  const schema = (entity.fields.shape as Record<string, { def?: { innerType?: { options?: unknown[] } }; options?: unknown[] }>)[field];
  const named: Record<string, Record<string, string> | undefined> = entity.labels.values ?? {};
  const options = schema.options ?? schema.def?.innerType?.options ?? Object.keys(named[field] ?? {});
  if (options.length < 2) throw new Error(`${entity.type}.${field}: not a filter the test knows`);
  return [options[0], options[1]];
};

/** Everything stored in the tier databases, to prove a refused call wrote nothing. */
const snapshot = async (shop: Shop) =>
  JSON.stringify(await Promise.all(['office', 'admin'].map((n) => shop.shop.storage.db(n).allDocs({ include_docs: true }))));

/** The document a staff device pushes for a record: the envelope with `_id` for `id`, as RxDB's replication sends it. */
const pushed = (record: OfficeRecord, over: Partial<OfficeRecord> = {}, rev?: string) => {
  const { id, ...rest } = { ...record, ...over };
  return { _id: id, ...(rev ? { _rev: rev } : {}), ...rest, _deleted: false };
};

const chargeId = (n: number) => `charge-${String(n).padStart(8, '0')}`;
/** A stored charge as the office database holds it (schema/shared/record.ts), for a void to name. */
const chargeDoc = (id: string) => ({
  _id: id, type: 'charge', v: 1, title: 'Расход', day: '2026-11-25', createdBy: demoPhones.florist, createdAt: 1, updatedBy: demoPhones.florist, updatedAt: 1,
  data: { day: '2026-11-25', direction: 'out', category: 'market', amount: 100, method: 'cash', note: '' },
});

for (const entity of Object.values(entities)) {
  describe(`the record API and /db for ${entity.type} (/api/${entity.path})`, () => {
    let shop: Shop;
    const cookies: Partial<Record<Level, string>> = {};
    const api = (action: string, body: unknown, as?: Level) => call(shop.url, `/api/${entity.path}/${action}`, body, as ? cookies[as] : undefined);
    const field = textField(entity);
    const creator = lowestWho(entity, 'create');
    const editor = lowestWho(entity, 'update');
    const remover = lowestWho(entity, 'delete');
    // An entity keyed by its data (a client by phone) takes one record per key: each new record gets a key of its own.
    let keys = 0;
    const keyField = entity.type === 'ref' ? 'code' : entity.type === 'shift' ? 'day' : entity.type === 'void' ? 'target' : 'phone';
    const keyValue = (n: number) =>
      keyField === 'target' ? chargeId(n) : keyField === 'code' ? `k-${n}` : keyField === 'day' ? new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10) : `7966${String(n).padStart(7, '0')}`;
    // A contractor on credit holds its phones alone (schema/studio/clients/credit-phones.ts): each new one gets a phone of its own too.
    const ownPhones = entity.type === 'contractor';
    // The books judge a fact's day by their clock (server/days/rules.ts): the records here are made on the example's
    // day whenever the test runs, and a shift is closed on the day it closes.
    const exampleDay = (entity as { day?: (d: unknown) => string | undefined }).day?.(entity.fields.parse(entity.example));
    let judgedDay = exampleDay;
    const booksClock = () => (judgedDay ? Date.parse(`${judgedDay}T12:00:00+03:00`) : Date.now());
    const freshKey = () => {
      if (!entity.key) return ownPhones ? { phones: [keyValue(++keys)] } : {};
      const key = keyValue(++keys);
      if (keyField === 'day') judgedDay = key;
      return { [keyField]: key };
    };
    const dataWith = (over: Record<string, unknown>) => ({ ...entity.example, ...freshKey(), ...over });
    /** An edit keeps the record's key (a contractor its phones). */
    const editOf = (record: OfficeRecord, over: Record<string, unknown>) => ({
      ...entity.example,
      ...(entity.key ? { [keyField]: record.data[keyField] } : ownPhones ? { phones: record.data.phones } : {}),
      ...over,
    });
    /** A command is created once and answered by the server (its outcome); until then the server may still write it. */
    const isCommand = entity.write === 'command';
    /** A fact (a charge, a shift's close) or a command is never changed or deleted once stored: a new one corrects it. */
    const unchangeable = entity.write !== 'record';
    const isFact = entity.write === 'fact';
    const settled = async (id: string): Promise<OfficeRecord> => {
      for (let i = 0; i < 500; i++) {
        const got = await api('get', { id }, 'admin');
        const record = (got.body as unknown as Saved).data;
        if (!isCommand || (got.status === 200 && record.data.outcome)) return record;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`${id}: no outcome`);
    };
    const create = async (as: Level, over: Record<string, unknown> = {}) => {
      const answer = await api('update', { data: dataWith(over) }, as);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const record = (answer.body as unknown as Saved).data;
      return isCommand ? settled(record.id) : record;
    };

    beforeAll(async () => {
      shop = await startTestShop({ booksClock });
      // The demo's warehouses and flowers (server/seed/stock.ts) would sort among the records made here: each entity starts
      // empty. Other entities' examples name them (references must be real), so they stay there.
      for (const seeded of [...demoWarehouses, ...demoFlowers]) if (seeded.type === entity.type) await removeDoc(shop.shop.storage.db('office'), seeded.id);
      // A record the example names that the demo lacks (a payment's invoice) is stored from its own entity's example.
      for (const place of referencePlaces(entity.fields))
        for (const { id } of idsAt(entity.example, place)) {
          const target = Object.values(entities).find((e) => e.type === place.entity);
          if (!target) throw new Error(`${entity.type}.${place.field}: no entity ${place.entity}`);
          const data = target.fields.parse(target.example);
          const record = { id, type: target.type, ...derivedFields(target, data), createdBy: demoPhones.admin, createdAt: 1, updatedBy: demoPhones.admin, updatedAt: 1, data };
          await createIfMissing(shop.shop.storage.db(tierDatabases[target.tier]), id, toSynced(record));
        }
      for (const level of levels) if (level !== 'guest') cookies[level] = await signIn(shop.url, phones[level]);
      // A void names a stored fact (server/voids/rules.ts): one charge for each void made here, and the example's.
      if (entity.type === 'void') await shop.shop.storage.db('office').bulkDocs([entity.example.target, ...Array.from({ length: 120 }, (_, i) => chargeId(i + 1))].map(chargeDoc));
      // Roses the examples' write-offs and transfers take: online, no more leaves a warehouse than it holds.
      if (entity.type === slip.type || entity.type === transfer.type) {
        const supply = { day: exampleDay, warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 100_000, price: 90 }], status: 'posted' };
        expect((await call(shop.url, '/api/invoices/update', { data: supply }, cookies.admin)).status).toBe(200);
      }
    });
    afterAll(() => shop.close());

    it('is declared sensibly: someone creates it, its example is valid, office records are read by every staff member', () => {
      expect(creator).toBeDefined();
      expect(entity.fields.safeParse(entity.example).success).toBe(true);
      if (entity.tier === 'office') expect(entity.access.read).toBe('florist');
    });

    it('round trip: create, get, list with search, sort, filters and paging, edit, stale edit refused, delete', async () => {
      const before = Date.now();
      // Records the server made itself (a client card for each customer who signed in, the reference lists' defaults)
      // are removed where an admin may, so searching and sorting see only this test's records.
      for (const made of ((await api('list', { params: { limit: 200 } }, 'admin')).body as unknown as Page).data.items) await api('delete', { id: made.id }, 'admin');
      const already = ((await api('list', {}, 'admin')).body as unknown as Page).data.total;
      const named = [];
      for (const flower of flowers) named.push(await create(creator!, { [field]: `${flower} ${String(entity.example[field as keyof typeof entity.example])}`.slice(0, 90) }));
      for (let i = 0; i < 18; i++) await create(creator!, { [field]: `Ромашка ${i}` });
      const [first] = named;
      expect(first).toMatchObject({ type: entity.type, v: entity.version, createdBy: phones[creator as Exclude<Level, 'guest'>], updatedBy: phones[creator as Exclude<Level, 'guest'>] });
      expect(first.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(first.createdAt).toBeGreaterThanOrEqual(before);
      // A command's outcome is written by the server after it is created.
      if (isCommand) expect(first.updatedAt).toBeGreaterThan(first.createdAt);
      else expect(first.updatedAt).toBe(first.createdAt);
      expect(first.title).toBe((entity.title as (d: unknown) => string)(entity.fields.parse(first.data)));

      const got = await api('get', { id: first.id }, 'admin');
      expect(got.status).toBe(200);
      expect((got.body as unknown as Saved).data).toEqual(first);

      // The tier decides where it is stored: office records reach staff devices, admin ones never leave the server.
      const inOffice = await shop.shop.storage.db('office').get(first.id).then(() => true, () => false);
      expect(inOffice).toBe(entity.tier === 'office');

      const page = (await api('list', {}, 'admin')).body as unknown as Page;
      expect(page.data).toMatchObject({ total: 21 + already, skip: 0, limit: 20 });
      expect(page.data.items).toHaveLength(20);
      expect(page.data.items.every((r) => r.type === entity.type)).toBe(true);
      const last = (await api('list', { params: { skip: 20, limit: 5 } }, 'admin')).body as unknown as Page;
      expect(last.data.items).toHaveLength(1 + already);

      for (const needle of ['бегония', 'БЕГОНИЯ']) {
        const found = (await api('list', { params: { skip: 0, limit: 20 }, query: { search: needle } }, 'admin')).body as unknown as Page;
        expect(found.data.items.map((r) => r.id), needle).toEqual([named[1].id]);
      }
      const text = (r: OfficeRecord) => String(r.data[field]);
      const up = (await api('list', { params: { skip: 0, limit: 3, sort: field } }, 'admin')).body as unknown as Page;
      expect(up.data.items.map((r) => r.id)).toEqual(named.map((r) => r.id));
      const down = (await api('list', { params: { skip: 18, limit: 3, sort: `-${field}` } }, 'admin')).body as unknown as Page;
      expect(down.data.items.map(text)).toEqual(named.map(text).reverse());

      for (const filter of (entity.list.filters ?? []) as string[]) {
        const [a, b] = filterValues(entity, filter);
        const one = await create(creator!, { [filter]: a });
        await create(creator!, { [filter]: b });
        const only = (await api('list', { params: { skip: 0, limit: 200 }, query: { [filter]: a } }, 'admin')).body as unknown as Page;
        expect(only.data.items.every((r) => r.data[filter] === a), filter).toBe(true);
        expect(only.data.items.map((r) => r.id)).toContain(one.id);
        const other = (await api('list', { params: { skip: 0, limit: 200 }, query: { [filter]: b } }, 'admin')).body as unknown as Page;
        expect(other.data.items.map((r) => r.id)).not.toContain(one.id);
        // As a list screen keeps it in the address: a yes/no filter also comes as text.
        if (typeof a === 'boolean') {
          const asText = (await api('list', { params: { skip: 0, limit: 200 }, query: { [filter]: String(a) } }, 'admin')).body as unknown as Page;
          expect(asText.data.items.map((r) => r.id)).toEqual(only.data.items.map((r) => r.id));
        }
      }

      const edited = await api('update', { id: first.id, updatedAt: first.updatedAt, data: editOf(first, { [field]: 'Астра исправленная' }) }, editor);
      if (unchangeable) {
        // Sent once, never changed: a new command (a new fact) is sent instead, whoever asks, its author included.
        expect(edited.status).toBe(409);
        expect((edited.body as { error: string }).error).toMatch(cyrillic);
        const byAdmin = await api('update', { id: first.id, updatedAt: first.updatedAt, data: editOf(first, { [field]: 'Правка администратора' }) }, 'admin');
        expect(byAdmin.status).toBe(409);
        expect(((await api('get', { id: first.id }, 'admin')).body as unknown as Saved).data).toEqual(first);
        if (isCommand) {
          const withOutcome = await api('update', { data: dataWith({ outcome: { ok: true, at: 1 } }) }, 'admin');
          expect(withOutcome.status).toBe(400);
        }
        for (const who of ['admin', creator!] as const) {
          const removed = await api('delete', { id: first.id }, who);
          expect(removed.status, who).toBe(409);
          expect((removed.body as { error: string }).error).toMatch(cyrillic);
        }
        expect(((await api('get', { id: first.id }, 'admin')).body as unknown as Saved).data).toEqual(first);
        if (isCommand) expect((await api('update', { data: dataWith({ outcome: { ok: true, at: 1 } }) }, 'admin')).status).toBe(400);
        expect((await api('delete', { id: first.id }, 'admin')).status).toBe(409);
        return;
      }
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const after = (edited.body as unknown as Saved).data;
      expect(after).toMatchObject({ id: first.id, createdBy: first.createdBy, createdAt: first.createdAt, updatedBy: phones[editor as Exclude<Level, 'guest'>] });
      expect(after.updatedAt).toBeGreaterThan(first.updatedAt);
      expect(after.data[field]).toBe('Астра исправленная');

      const stale = await api('update', { id: first.id, updatedAt: first.updatedAt, data: editOf(first, { [field]: 'Устаревшая правка' }) }, 'admin');
      expect(stale.status).toBe(409);
      expect((stale.body as { error: string }).error).toMatch(cyrillic);
      const noVersion = await api('update', { id: first.id, data: editOf(first, { [field]: 'Без версии' }) }, 'admin');
      expect(noVersion.status).toBe(400);
      expect(((await api('get', { id: first.id }, 'admin')).body as unknown as Saved).data).toEqual(after);

      if (entity.write === 'fact' || !remover) {
        expect((await api('delete', { id: first.id }, 'admin')).status).toBe(409);
      } else {
        expect((await api('delete', { id: first.id }, remover)).status).toBe(200);
        expect((await api('get', { id: first.id }, 'admin')).status).toBe(404);
        expect((await api('delete', { id: first.id }, 'admin')).status).toBe(404);
      }
    });

    it('walks the five roles over every action', async () => {
      for (const level of levels) {
        const who = userOf(level);
        const theirs = await create('admin');
        const expectStatus = (status: number, allowed: boolean, what: string) => expect(status, `${level} ${what}`).toBe(allowed ? 200 : refusedStatus(level));

        const before = await snapshot(shop);
        expectStatus((await api('list', {}, level)).status, can(who, 'read', entity), 'lists');
        expectStatus((await api('get', { id: theirs.id }, level)).status, can(who, 'read', entity), 'reads');
        const created = await api('update', { data: dataWith({}) }, level);
        expectStatus(created.status, can(who, 'create', entity), 'creates');
        if (created.status !== 200) expect(await snapshot(shop), `${level} create stored nothing`).toBe(before);
        else if (isCommand) await settled((created.body as unknown as Saved).data.id);

        const edit = await api('update', { id: theirs.id, updatedAt: theirs.updatedAt, data: editOf(theirs, { [field]: `Правка ${level}` }) }, level);
        // A command is never changed or deleted, by anyone who may reach it at all.
        // Refused at the route's gate (schema/shared/api-routes.ts) before the service says it never changes.
        const refusal = (action: 'update' | 'delete') => unchangeable && (level === 'guest' ? 401 : reaches(level, recordRouteLevel(entity, action)) ? 409 : 403);
        const commandRefusal = refusal('update');
        if (commandRefusal) expect(edit.status, `${level} edits a command`).toBe(commandRefusal);
        else expectStatus(edit.status, can(who, 'update', entity, theirs), 'edits another’s record');
        const current = ((await api('get', { id: theirs.id }, 'admin')).body as unknown as Saved).data;
        expect(current.data[field], `${level} edit`).toBe(edit.status === 200 ? `Правка ${level}` : theirs.data[field]);

        const removed = (await api('delete', { id: theirs.id }, level)).status;
        if (refusal('delete')) expect(removed, `${level} deletes a command`).toBe(refusal('delete'));
        else expectStatus(removed, can(who, 'delete', entity, theirs), 'deletes another’s record');
        if (created.status === 200) {
          const own = (created.body as unknown as Saved).data;
          const removedOwn = (await api('delete', { id: own.id }, level)).status;
          if (refusal('delete')) expect(removedOwn, `${level} deletes their own command`).toBe(refusal('delete'));
          else expectStatus(removedOwn, can(who, 'delete', entity, own), 'deletes their own record');
        }
      }
    });

    it('refuses bad input to /api in Russian and stores nothing', async () => {
      const stored = await create('admin');
      const before = await snapshot(shop);
      const variants: [string, string, unknown, number][] = [
        ['malformed JSON', 'update', '{"data": {', 400],
        ['unknown field', 'update', { data: dataWith({}), hacker: true }, 400],
        ['unknown data field', 'update', { data: dataWith({ hacker: true }) }, 400],
        ['wrong type', 'update', { data: dataWith({ [field]: { nested: [true] } }) }, 400],
        ['data not an object', 'update', { data: 'всё' }, 400],
        ['oversized body', 'update', { data: dataWith({ [field]: 'я'.repeat(200_000) }) }, 413],
        ['forged stamps', 'update', { data: dataWith({}), createdBy: '79999999999' }, 400],
        ['edit of an unknown record', 'update', { id: 'no-such-record-1', updatedAt: 1, data: dataWith({}) }, 404],
        ['list: unknown query field', 'list', { query: { hacker: 1 } }, 400],
        ['list: unknown sort column', 'list', { params: { skip: 0, limit: 20, sort: 'secret' } }, 400],
        ['list: page too large', 'list', { params: { skip: 0, limit: 5000 } }, 400],
        ['get: bad id', 'get', { id: '../../_users' }, 400],
        ['delete: unknown field', 'delete', { id: stored.id, force: true }, 400],
      ];
      for (const [what, action, body, status] of variants) {
        const answer = await api(action, body, 'admin');
        expect(answer.status, what).toBe(status);
        expect((answer.body as { error: string }).error, what).toMatch(cyrillic);
      }
      expect(await snapshot(shop)).toBe(before);
    });

    it('takes from /db/office only what the entity lets the pusher write, the rest of the batch stored', async () => {
      const florist = cookies.florist!;
      const push = async (docs: unknown[], cookie = florist) => {
        const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
        return (await res.json()) as { id: string; ok?: boolean; rejected?: boolean; reason?: string }[];
      };
      const now = Date.now();
      const mine = (id: string, over: Partial<OfficeRecord> = {}): OfficeRecord => ({
        id, type: entity.type, v: entity.version, title: String((entity.title as (d: unknown) => string)(entity.fields.parse(entity.example))),
        createdBy: phones.florist, createdAt: now, updatedBy: phones.florist, updatedAt: now, data: entity.fields.parse(entity.example) as Record<string, unknown>, ...over,
      });
      const derivedDay = (entity as { day?: (d: unknown) => string | undefined }).day?.(entity.fields.parse(entity.example));
      const withDay = (r: OfficeRecord): OfficeRecord => (derivedDay ? { ...r, day: derivedDay } : r);

      const theirs = await create('admin');
      const office = shop.shop.storage.db('office');
      const revOf = async (id: string) => (await office.get(id).then((d) => d._rev, () => undefined));
      // A record keyed by its data goes under its key (a day's shift close is `shift-{day}`).
      const okId = entity.key ? (entity.key.id as (d: unknown) => string)(entity.fields.parse(entity.example)) : `ok-${entity.type}-1`;
      judgedDay = exampleDay;
      const rows = await push([
        pushed(withDay(mine(okId))),
        pushed(withDay(mine(`bad-${entity.type}-1`, { data: { ...mine('x').data, hacker: true } }))),
        pushed(withDay(mine(`bad-${entity.type}-2`, { data: { ...mine('x').data, [field]: 42 } }))),
        { ...pushed(withDay(mine(`bad-${entity.type}-3`))), extra: 'поле' },
        pushed(withDay(mine(`bad-${entity.type}-4`, { updatedBy: phones.admin }))),
        pushed(withDay(mine(`bad-${entity.type}-5`, { createdBy: phones.admin }))),
        pushed(withDay(mine(`bad-${entity.type}-6`, { updatedAt: now + 3_600_000 }))),
        pushed(theirs, { updatedBy: phones.florist, updatedAt: now + 1, createdBy: phones.florist }, entity.tier === 'office' ? await revOf(theirs.id) : undefined),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const accepted = entity.tier === 'office' && can(userOf('florist'), 'create', entity);
      if (accepted && isCommand) await settled(okId);
      expect(byId.get(okId)!.ok === true, JSON.stringify(rows[0])).toBe(accepted);
      for (const row of rows.slice(accepted ? 1 : 0)) {
        expect(row, row.id).toMatchObject({ error: 'conflict', rejected: true });
        expect(row.reason, row.id).toMatch(cyrillic);
      }
      const kept = await office.allDocs({ keys: rows.map((r) => r.id), include_docs: true });
      const stored = kept.rows.filter((r) => 'doc' in r && r.doc).map((r) => r.key);
      expect(stored).toEqual([...(accepted ? [okId] : []), ...(entity.tier === 'office' ? [theirs.id] : [])]);
      if (entity.tier === 'office') {
        // The server's copy of the record the florist tried to sign as her own is the admin's, untouched.
        expect(((await api('get', { id: theirs.id }, 'admin')).body as unknown as Saved).data).toEqual(theirs);

        // An edit in her own name passes when she may edit; a deletion only when she may delete.
        const edit = await push([pushed(theirs, { updatedBy: phones.florist, updatedAt: theirs.updatedAt + 1 }, await revOf(theirs.id))]);
        expect(edit[0].ok === true, edit[0].reason).toBe(!unchangeable && can(userOf('florist'), 'update', entity, theirs));
        if (unchangeable) expect(edit[0].reason).toMatch(cyrillic);
        const tombstone = { _id: theirs.id, _rev: await revOf(theirs.id), _deleted: true };
        const removal = await push([tombstone]);
        const mayDelete = can(userOf('florist'), 'delete', entity, theirs);
        expect(removal[0].ok === true, removal[0].reason).toBe(mayDelete);
        if (!mayDelete) expect(removal[0].reason).toMatch(cyrillic);
        expect(await revOf(theirs.id) === undefined).toBe(mayDelete);

        // Malformed JSON and an oversized batch are refused whole, before any document is looked at.
        const before = await snapshot(shop);
        const raw = (body: string) => fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body });
        const malformed = await raw('{"docs": [');
        expect(malformed.status).toBe(400);
        const oversized = await raw(JSON.stringify({ docs: [pushed(withDay(mine(`big-${entity.type}-1`, { data: { ...mine('x').data, note: 'я'.repeat(4_000_000) } })))] }));
        expect(oversized.status).toBe(413);
        expect(await snapshot(shop)).toBe(before);

        // A fact she pushed herself is hers to read, never to change or delete: a correction is a new fact.
        if (isFact && accepted) {
          const own = okId;
          const ownRecord = ((await api('get', { id: own }, 'admin')).body as unknown as Saved).data;
          const changed = await push([pushed(ownRecord, { data: { ...ownRecord.data, [field]: 'Исправлено задним числом' }, updatedAt: ownRecord.updatedAt + 1 }, await revOf(own))]);
          expect(changed[0], 'own fact changed').toMatchObject({ error: 'conflict', rejected: true });
          expect(changed[0].reason).toMatch(cyrillic);
          const gone = await push([{ _id: own, _rev: await revOf(own), _deleted: true }]);
          expect(gone[0], 'own fact deleted').toMatchObject({ error: 'conflict', rejected: true });
          expect(gone[0].reason).toMatch(cyrillic);
          expect(((await api('get', { id: own }, 'admin')).body as unknown as Saved).data).toEqual(ownRecord);
        }

        // A customer pushes nothing at all.
        const customer = await push([pushed(withDay(mine(`cust-${entity.type}-1`, { createdBy: phones.customer, updatedBy: phones.customer })))], cookies.customer!);
        expect(customer[0]).toMatchObject({ rejected: true });
        expect(await revOf(`cust-${entity.type}-1`)).toBeUndefined();
      }
    });

    it.runIf(entity.tier === 'office')('two staff edit the same record: the later push conflicts, and the merged result in the merger’s name is stored', async () => {
      const office = shop.shop.storage.db('office');
      const base = await create('admin');
      const rev = (await office.get(base.id))._rev;
      const push = async (cookie: string, doc: unknown) => {
        const res = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs: [doc] }) });
        return ((await res.json()) as { ok?: boolean; error?: string; rejected?: boolean; reason?: string }[])[0];
      };
      const data = (text: string) => entity.fields.parse(editOf(base, { [field]: text })) as Record<string, unknown>;
      // The first editor: a florist where a florist may edit, else an admin (warehouses, flowers: managers and up).
      const first: 'florist' | 'admin' = entity.access.update === 'florist' ? 'florist' : 'admin';
      const florists = { ...base, data: data('Правка флориста'), updatedBy: phones[first], updatedAt: base.updatedAt + 10 };
      // The second: a manager where one may edit, else the admin again on another device (reference lists).
      const second: 'manager' | 'admin' = entity.access.update === 'admin' ? 'admin' : 'manager';
      const managers = { ...base, data: data('Правка менеджера'), updatedBy: phones[second], updatedAt: base.updatedAt + 20 };
      if (unchangeable) {
        // Nobody changes a command or a fact: each push is refused with the reason, and the server's copy stands.
        for (const [cookie, doc] of [[cookies.florist!, florists], [cookies.manager!, managers]] as const) {
          const refused = await push(cookie, pushed(doc, {}, rev));
          expect(refused).toMatchObject({ error: 'conflict', rejected: true });
          expect(refused.reason).toMatch(cyrillic);
        }
        expect(((await api('get', { id: base.id }, 'admin')).body as unknown as Saved).data).toEqual(base);
        return;
      }
      expect(await push(cookies[first]!, pushed(florists, {}, rev))).toMatchObject({ ok: true });
      // Same base revision: a real conflict (not a refusal), which the manager's device resolves by the entity's rule.
      const clash = await push(cookies[second]!, pushed(managers, {}, rev));
      expect(clash).toMatchObject({ error: 'conflict' });
      expect(clash.rejected).toBeUndefined();
      const server = { data: florists.data, updatedAt: florists.updatedAt };
      const merged = (entity.merge as (s: unknown, m: unknown) => Record<string, unknown>)(server, { data: managers.data, updatedAt: managers.updatedAt });
      const resolved = { ...managers, data: merged, updatedAt: Math.max(Date.now(), florists.updatedAt + 1) };
      const stored = await push(cookies[second]!, pushed(resolved, {}, (await office.get(base.id))._rev));
      expect(stored, stored.reason).toMatchObject({ ok: true });
      const answer = ((await api('get', { id: base.id }, 'admin')).body as unknown as Saved).data;
      expect(answer).toMatchObject({ updatedBy: phones[second], createdBy: base.createdBy, data: merged });
    });
  });
}
