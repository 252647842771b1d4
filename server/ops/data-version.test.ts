import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestShop } from '../testing/test-shop';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { couchRequest } from '../db/claim';
import { startServerProcess, testEnv } from '../testing/server-process';
import { serverEntry } from '../testing/server-entry';
import { branchedDocs } from '../testing/cluster-rush';
import { dataVersion, dataVersionId, NewerDataVersion, newerDataExitCode, outdatedMessage } from './data-version';

// Issue 31, item 4 and «Bad input»: start-up migrations safe from two servers at once; a server older than the data refuses.

/** A CouchDB the test starts servers on: its address (credentials in it, as COUCHDB_URL has them) and its end. */
type Couch = { url: string; close(): Promise<void> };

/** A request to CouchDB with the address's credentials as a header (Node's fetch refuses them in the address). */
const couchFetch = (url: string, init?: RequestInit) => {
  const { href, headers } = couchRequest(url);
  return fetch(href, { ...init, headers: { ...headers, ...(init?.headers as Record<string, string> | undefined) } });
};
const couchJson = async <T>(url: string, init?: RequestInit): Promise<T> => (await (await couchFetch(url, init)).json()) as T;

/** Every database of a real cluster but its system ones dropped. */
const emptied = async (url: string) => {
  for (const name of (await couchJson<string[]>(`${url}_all_dbs`)).filter((n) => !n.startsWith('_'))) await couchFetch(`${url}${encodeURIComponent(name)}`, { method: 'DELETE' });
};

/**
 * The CouchDB stand-in, and, when `TEST_COUCHDB_URL` names a real Apache CouchDB cluster (../shared/couchdb/cluster.sh
 * start3), that cluster, its databases dropped before and after: there two writers of one document from one revision
 * can both be answered (201 and 202), which the stand-in only imitates.
 */
const couches: Record<string, () => Promise<Couch>> = {
  'the CouchDB stand-in': async () => {
    const standIn = await startCouchStandIn();
    return { url: standIn.url, close: () => standIn.close() };
  },
  ...(process.env.TEST_COUCHDB_URL
    ? {
        'a real CouchDB cluster': async () => {
          const raw = process.env.TEST_COUCHDB_URL ?? '';
          const url = raw.endsWith('/') ? raw : `${raw}/`;
          await emptied(url);
          return { url, close: () => emptied(url) };
        },
      }
    : {}),
};

/** Every database of the stand-in with its live documents' ids and its last sequence: what a start may not change. */
const storeState = async (couch: Couch) => {
  const names = (await couchJson<string[]>(`${couch.url}_all_dbs`)).filter((n) => !n.startsWith('_')).sort();
  const state: Record<string, { ids: string[]; seq: string }> = {};
  for (const name of names) {
    const { rows } = await couchJson<{ rows: { id: string }[] }>(`${couch.url}${name}/_all_docs`);
    const { update_seq } = await couchJson<{ update_seq: number | string }>(`${couch.url}${name}`);
    // A cluster's sequence is its number and an opaque part naming the copies that answered, which differs between
    // two reads of an unchanged database: the number is what a write would change.
    state[name] = { ids: rows.map((r) => r.id), seq: String(update_seq).split('-')[0] };
  }
  return state;
};
const idsOf = (state: Awaited<ReturnType<typeof storeState>>) => Object.fromEntries(Object.entries(state).map(([name, { ids }]) => [name, ids]));

/** The marker's live leaves as the store holds them. */
const markerLeaves = async (couch: Couch) =>
  (await couchJson<{ ok?: { version: number; _deleted?: boolean } }[]>(`${couch.url}counters/${dataVersionId}?open_revs=all`, { headers: { accept: 'application/json' } }))
    .flatMap((l) => (l.ok && !l.ok._deleted ? [l.ok.version] : []));

/** Runs `server/main.ts` until it exits (it must not start) and answers its exit code and what it said on stderr. */
const runToExit = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, serverEntry(), { env: { ...process.env, PORT: '0', SEED_RECIPES: '0', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    // A server that started after all is stopped, so a failing test leaves no process behind.
    const started = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(started);
      resolve({ code, stderr });
    });
  });

describe.each(Object.keys(couches))('two server processes starting at once on one new store, on %s', (place) => {
  let couch: Couch;
  beforeAll(async () => {
    couch = await couches[place]!();
  });
  afterAll(async () => {
    await couch?.close();
  });

  it('seed and migrate it once: both serve, one marker, no branch; starting both again adds nothing', async () => {
    const env = { ...testEnv, COUCHDB_URL: couch.url };
    const first = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const p of first) expect((await call<{ dataVersion: number; storeDataVersion: number }>(p.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ dataVersion, storeDataVersion: dataVersion });
    const totals = await Promise.all(first.map(async (p) => (await call<{ data: { total: number } }>(p.url, '/api/items/list', {})).body.data.total));
    expect(totals[0]).toBeGreaterThanOrEqual(60);
    expect(totals[1]).toBe(totals[0]);
    await Promise.all(first.map((p) => p.stop()));
    const seeded = await storeState(couch);
    expect(await markerLeaves(couch)).toEqual([dataVersion]);
    expect(await branchedDocs(couch.url, Object.keys(seeded))).toEqual([]);

    const again = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    await Promise.all(again.map((p) => p.stop()));
    const restarted = await storeState(couch);
    expect(idsOf(restarted)).toEqual(idsOf(seeded));
    expect(await markerLeaves(couch)).toEqual([dataVersion]);
    expect(await branchedDocs(couch.url, Object.keys(restarted))).toEqual([]);
  }, 240_000);

  it('a server whose code is older than the store’s data refuses to start, says why in Russian and English, exits 78 and writes nothing', async () => {
    // The store the test above left, or a new one when this test runs alone.
    await couchFetch(`${couch.url}counters`, { method: 'PUT' });
    const marker = await couchJson<{ _rev?: string }>(`${couch.url}counters/${dataVersionId}`);
    const raised = await couchFetch(`${couch.url}counters/${dataVersionId}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...(marker._rev ? { _rev: marker._rev } : {}), version: dataVersion + 1, at: new Date().toISOString() }) });
    expect(raised.status).toBe(201);
    const before = await storeState(couch);
    const { code, stderr } = await runToExit({ ...testEnv, COUCHDB_URL: couch.url });
    expect(code).toBe(newerDataExitCode);
    expect(stderr).toContain(`Версия данных в хранилище (${dataVersion + 1}) новее этого сервера (${dataVersion})`);
    expect(stderr).toContain('wrote nothing');
    expect(await storeState(couch)).toEqual(before);
  }, 120_000);
});

describe('a newer release started beside a running one', () => {
  let couch: Couch;
  const shops: Awaited<ReturnType<typeof startTestShop>>[] = [];
  beforeAll(async () => {
    couch = await couches['the CouchDB stand-in']!();
  });
  afterAll(async () => {
    for (const s of shops) await s.close();
    await couch?.close();
  });

  it('raises the marker after its migrations; the older server then reports degraded and serves no call, the newer serves; the older cannot start again', async () => {
    // Its timed look is an hour away: only the changes feed of `counters` (the marker's database) can tell it in this test.
    const older = await startTestShop({ couchUrl: couch.url, dataVersion: 1, dataVersionEveryMs: 3_600_000 });
    shops.push(older);
    expect(await markerLeaves(couch)).toEqual([1]);
    expect((await call(older.url, '/api/items/list', {})).status).toBe(200);

    const newer = await startTestShop({ couchUrl: couch.url, dataVersion: 2 });
    shops.push(newer);
    expect(await markerLeaves(couch)).toEqual([2]);
    type Health = { status: string; dataVersion: number; storeDataVersion: number; dataVersionProblem?: string };
    const health = async () => (await call<Health>(older.url, '/api/health', undefined, undefined, 'GET')).body;
    await expect.poll(async () => (await health()).status, { timeout: 60_000, interval: 50 }).toBe('degraded');
    expect(await health()).toMatchObject({ status: 'degraded', dataVersion: 1, storeDataVersion: 2, dataVersionProblem: expect.stringContaining('Версия данных новее этого сервера') });
    const refused = await call<{ error: string }>(older.url, '/api/items/list', {});
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe(outdatedMessage);
    expect((await fetch(`${older.url}/db/catalog`)).status).toBe(503);
    expect((await call(newer.url, '/api/items/list', {})).status).toBe(200);
    expect((await call<Health>(newer.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ dataVersion: 2, storeDataVersion: 2 });
    expect((await call<Health>(newer.url, '/api/health', undefined, undefined, 'GET')).body.dataVersionProblem).toBeUndefined();

    const before = await storeState(couch);
    await expect(startTestShop({ couchUrl: couch.url, dataVersion: 1 })).rejects.toBeInstanceOf(NewerDataVersion);
    expect(await storeState(couch)).toEqual(before);
  }, 120_000);
});
