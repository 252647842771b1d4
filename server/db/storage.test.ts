import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage, StorageBusy, type Storage } from './storage';

const customer = (i: number) => `orders-7977${String(i).padStart(7, '0')}`;
const customersOpen = (s: Storage) => s.openNames().filter((n) => n.startsWith('orders-7'));

/** Waits for a condition the storage reaches on its own (its idle sweep); fails the test if it never does. */
const eventually = async (what: string, check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check(), what).toBe(true);
};

describe('storage keeps per-customer databases bounded', () => {
  let dir: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-storage-'));
  });
  afterEach(async () => {
    await storage.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('closes the least recently used customer database to open another, never one in use, and refuses when all are', async () => {
    storage = openStorage({ dataDir: dir }, { maxOpen: 3, idleMs: 60_000, graceMs: 0 });
    await storage.db('catalog').info();
    for (let i = 0; i < 10; i++) await storage.db(customer(i)).put({ _id: `doc-${i}` });
    expect(customersOpen(storage)).toHaveLength(3);
    expect(storage.openNames()).toContain('catalog');

    const releases = [7, 8, 9].map((i) => storage.hold(customer(i)));
    expect(() => storage.db(customer(20))).toThrow(StorageBusy);
    releases[0]();
    await storage.db(customer(20)).info();
    expect(customersOpen(storage).sort()).toEqual([customer(8), customer(9), customer(20)]);
    releases.slice(1).forEach((r) => r());
    // A closed database opens again with its data (once its files are let go).
    let reopened: PouchDB.Database | null = null;
    await eventually('the evicted database to open again', () => {
      try {
        reopened = storage.db(customer(0));
        return true;
      } catch (e) {
        if (!(e instanceof StorageBusy)) throw e;
        return false;
      }
    });
    expect((await reopened!.get('doc-0'))._id).toBe('doc-0');
  });

  it('closes idle customer databases and keeps the shop\'s own', async () => {
    storage = openStorage({ dataDir: dir }, { maxOpen: 100, idleMs: 100, graceMs: 0 });
    await storage.db('events').info();
    for (let i = 0; i < 5; i++) {
      const db = storage.db(customer(i));
      const release = storage.hold(customer(i)); // as the gateway does for a request: no closing under a write
      await db.put({ _id: `doc-${i}` });
      release();
    }
    const held = storage.hold(customer(4));
    await eventually('idle customer databases to be closed', () => customersOpen(storage).length === 1);
    expect(customersOpen(storage)).toEqual([customer(4)]);
    expect(storage.openNames()).toContain('events');
    held();
    await eventually('the released one to be closed too', () => customersOpen(storage).length === 0);
    expect((await storage.db(customer(2)).get('doc-2'))._id).toBe('doc-2');
  });

  it('tells whether a database exists without creating it', async () => {
    storage = openStorage({ dataDir: dir });
    expect(await storage.exists(customer(1))).toBe(false);
    expect(await fs.readdir(dir)).toEqual([]);
    await storage.db(customer(1)).info();
    expect(await storage.exists(customer(1))).toBe(true);
  });

  it('tells whether a database exists on a CouchDB server without creating it', async () => {
    // In its own process, as a real CouchDB is: in this one, PouchDB's 'created' events would reach its database list.
    const couch = spawn(process.execPath, ['--import', 'tsx', '-e', "import('./server/testing/couch-stand-in.ts').then(async (m) => console.log((await m.startCouchStandIn()).url))"], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const couchUrl = await new Promise<string>((resolve) => couch.stdout!.once('data', (d: Buffer) => resolve(String(d).trim())));
      storage = openStorage({ dataDir: dir, couchUrl });
      expect(await storage.exists(customer(3))).toBe(false);
      expect(await storage.exists(customer(3))).toBe(false);
      expect(await (await fetch(`${couchUrl}_all_dbs`)).json()).not.toContain(customer(3));
      await storage.db(customer(3)).put({ _id: 'doc-3' });
      const other = openStorage({ dataDir: dir, couchUrl });
      expect(await other.exists(customer(3))).toBe(true);
      await other.close();
    } finally {
      couch.kill();
    }
  });
});
