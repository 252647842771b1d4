import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { claim, writeDoc } from './claim';
import { getDoc, upsert } from './docs';
import { openStorage, type Storage } from './storage';
import { isUnreachable } from '../http/errors';

const liveLeaves = async (db: PouchDB.Database, id: string) => {
  const doc = await db.get(id, { conflicts: true }).catch(() => null);
  return doc ? 1 + (doc._conflicts?.length ?? 0) : 0;
};

describe('first writer wins on a CouchDB whose copies split a write', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let storage: Storage;
  let dir: string;
  let db: PouchDB.Database;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-claim-'));
    storage = openStorage({ dataDir: dir, couchUrl: couch.url });
    db = storage.db('counters');
    await db.info();
  });
  afterAll(async () => {
    await storage?.close();
    await couch?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('counts a claim only on 201: a 202 beside the winner is lost and its branch taken out', async () => {
    expect(await claim(db, 'number:1', { order: 'a' })).toBe(true);
    couch.splitWrites((w) => w.id === 'number:1');
    expect(await claim(db, 'number:1', { order: 'b' })).toBe(false);
    couch.splitWrites(null);
    expect(couch.splitCount()).toBe(1);
    expect(await liveLeaves(db, 'number:1')).toBe(1);
    expect(await getDoc(db, 'number:1')).toMatchObject({ order: 'a' });
  });

  it('a 202 with no winner leaves the place free for the next claim', async () => {
    couch.splitWrites((w) => w.id === 'number:2');
    expect(await claim(db, 'number:2', { order: 'c' })).toBe(false);
    couch.splitWrites(null);
    expect(await liveLeaves(db, 'number:2')).toBe(0);
    expect(await claim(db, 'number:2', { order: 'd' })).toBe(true);
    expect(await getDoc(db, 'number:2')).toMatchObject({ order: 'd' });
  });

  it('an update told 202 is tried again, so eight writers from one revision all count', async () => {
    type Seen = { seen: Record<string, true> };
    await upsert<Seen>(db, 'tally', () => ({ seen: {} }));
    // Every write that would be a 409 is split, as copies that each took one writer's update would. Each writer adds
    // a keyed fact, as the shop's changes do (a hold, a command in a history): repeating one changes nothing.
    couch.splitWrites((w) => w.id === 'tally' && w.wouldConflict);
    // All eight have read the same revision before any writes (on a loaded machine they ran one after another).
    let read = 0;
    let allRead: () => void = () => {};
    const together = new Promise<void>((go) => (allRead = go));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        let first = true;
        return upsert<Seen>(db, 'tally', async (c) => {
          if (first) {
            first = false;
            if (++read === 8) allRead();
            await together;
          }
          return c?.seen[`w${i}`] ? null : { seen: { ...c?.seen, [`w${i}`]: true } };
        });
      }),
    );
    couch.splitWrites(null);
    expect(couch.splitCount()).toBeGreaterThan(1);
    expect(await liveLeaves(db, 'tally')).toBe(1);
    expect(Object.keys((await getDoc<Seen>(db, 'tally'))!.seen).sort()).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7']);
  });

  it('a 202 on top of a won write never copies a branch that does not hold that write', async () => {
    type Seen = { seen: Record<string, true> };
    await upsert<Seen>(db, 'layered', () => ({ seen: {} }));
    const base = (await getDoc<Seen>(db, 'layered'))!._rev!;
    const [gen, parent] = base.split('-');
    // x's update won; a writer that died left a branch beside it from the same revision that ranks first.
    const x = await writeDoc(db, { _id: 'layered', _rev: base, seen: { x: true } });
    if (!x.won) throw new Error('a write with no rival lost');
    const dead = 'f'.repeat(32);
    await db.bulkDocs([{ _id: 'layered', _rev: `${Number(gen) + 1}-${dead}`, _revisions: { start: Number(gen) + 1, ids: [dead, parent] }, seen: { dead: true } }], { new_edits: false });
    // w read x's write before the branch showed, and its update is split: its leaf now stands on x's, beside the branch.
    couch.splitWrites((w) => w.id === 'layered');
    await writeDoc(db, { _id: 'layered', _rev: x.rev, seen: { x: true, w: true } });
    couch.splitWrites(null);
    await upsert<Seen>(db, 'layered', (c) => (c?.seen.w ? null : { seen: { ...c?.seen, w: true } }));
    expect(await liveLeaves(db, 'layered')).toBe(1);
    expect((await getDoc<Seen>(db, 'layered'))!.seen).toMatchObject({ x: true, w: true });
  });

  it('an update told 202 that no writer raced stands: the document is neither lost nor deleted', async () => {
    await upsert<{ value: number }>(db, 'alone', () => ({ value: 1 }));
    couch.splitWrites((w) => w.id === 'alone');
    await upsert<{ value: number }>(db, 'alone', (c) => ({ value: (c?.value ?? 0) + 1 }));
    couch.splitWrites(null);
    expect(await liveLeaves(db, 'alone')).toBe(1);
    expect(await getDoc(db, 'alone')).toMatchObject({ value: 2 });
  });
});

describe('a write to a CouchDB out of reach', () => {
  it('fails as a store out of reach (answered 503), not as an unexpected error', async () => {
    const couch = await startCouchStandIn();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-claim-'));
    const storage = openStorage({ dataDir: dir, couchUrl: couch.url });
    try {
      const db = storage.db('counters');
      expect(await claim(db, 'away:1', { value: 1 })).toBe(true);
      await couch.stop();
      const failed = await writeDoc(db, { _id: 'away:2', value: 2 }).catch((e: unknown) => e);
      expect(isUnreachable(failed)).toBe(true);
    } finally {
      await storage.close();
      await couch.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
