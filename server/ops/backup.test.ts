import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import type { StockAnswer } from '../../schema/studio/stock/stock-answer';
import { demoProducts } from '../seed/products';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { readArchive } from './backup-archive';
import { storeBackup, storedDatabases, takeBackup } from './backup';
import { restoreShop } from './restore';

const key = 'ключ резервных копий студии';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!;
const temporary: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-backup-'));
  temporary.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temporary) await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

/** What the studio and the shop answer about their data: the figures a restore must give back as they were. */
const answers = async (url: string) => {
  const manager = await signIn(url, demoPhones.manager);
  const admin = await signIn(url, demoPhones.admin);
  const orders = await call<{ data: { items: Order[] } }>(url, '/api/orders/list', { params: { limit: 200 } }, manager);
  const stock = await call<StockAnswer>(url, '/api/stock/balances', {}, manager);
  const clients = await call<{ data: { items: unknown[] } }>(url, '/api/clients/list', { params: { limit: 200 } }, admin);
  const pages = await call<{ data: unknown[] }>(url, '/api/pages/list', {});
  const item = await call<{ data: unknown }>(url, '/api/items/get', { id: product.id });
  expect([orders.status, stock.status, clients.status, pages.status, item.status]).toEqual([200, 200, 200, 200, 200]);
  return { orders: orders.body, stock: stock.body, clients: clients.body, pages: pages.body, item: item.body };
};

/** A real cluster's address as the shop takes it, and a way to drop every database of it. */
const realCluster = (address: string) => async () => {
  const u = new URL(address.endsWith('/') ? address : `${address}/`);
  const headers = { authorization: `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}` };
  const root = `${u.protocol}//${u.host}/`;
  const empty = async () => {
    const names = (await (await fetch(`${root}_all_dbs`, { headers })).json()) as string[];
    for (const name of names.filter((n) => !n.startsWith('_'))) await fetch(`${root}${encodeURIComponent(name)}`, { method: 'DELETE', headers });
  };
  await empty();
  return {
    settings: { couchUrl: u.href },
    fresh: async () => {
      await empty();
      return { dataDir: await tempDir(), couchUrl: u.href };
    },
    close: empty,
  };
};

/** Where the drill's shop keeps its data, and a fresh store of the same kind to restore into. */
const stores = {
  embedded: async () => ({ settings: {}, fresh: async () => ({ dataDir: await tempDir() }), close: async () => {} }),
  // The stand-in's database list is the process's (express-pouchdb's all-dbs), so the cluster is emptied rather than replaced.
  CouchDB: async () => {
    const couch = await startCouchStandIn();
    // With credentials in the address, as a production COUCHDB_URL has them (Node's fetch refuses such an address).
    const couchUrl = couch.url.replace('http://', 'http://admin:secret@');
    return {
      settings: { couchUrl },
      fresh: async () => {
        const names = (await (await fetch(`${couch.url}_all_dbs`)).json()) as string[];
        for (const name of names) await fetch(`${couch.url}${name}`, { method: 'DELETE' });
        return { dataDir: await tempDir(), couchUrl };
      },
      close: () => couch.close(),
    };
  },
};
type Store = Awaited<ReturnType<(typeof stores)['embedded' | 'CouchDB']>>;
// And a real Apache CouchDB cluster when one is named (../shared/couchdb/cluster.sh start3):
// TEST_COUCHDB_URL=http://admin:secret@127.0.0.1:15984. Its databases are emptied before the drill and as the store destroyed.
const drillStores: Record<string, () => Promise<Store>> = { ...stores, ...(process.env.TEST_COUCHDB_URL ? { 'real CouchDB cluster': realCluster(process.env.TEST_COUCHDB_URL) } : {}) };

describe.each(Object.keys(drillStores))('a restore drill on the %s store', (kind) => {
  it('gives back every order, number, balance, client and page after the store is destroyed; sessions end', async () => {
    const store = await drillStores[kind]!();
    const shop = await startTestShop(store.settings);
    const customer = await signIn(shop.url, '79550007001');
    const florist = await signIn(shop.url, demoPhones.florist);
    const placed: string[] = [];
    for (let i = 0; i < 2; i++) {
      const draft = {
        id: `backup-drill-${i}-order`, lines: [{ id: product.id, count: 1 }], sender: { name: 'Анна', phone: '79550007001' },
        recipient: { name: 'Ольга', phone: '79440000009' }, delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' },
        date: nextDay(today()), slot: '12:00–15:00', postcard: '', anonymous: false, payment: 'cash',
      };
      expect((await call(shop.url, '/api/orders/create', draft, customer)).status).toBe(200);
      placed.push(draft.id);
    }
    const invoice = await call(shop.url, '/api/invoices/update', {
      data: { number: '71', supplierName: 'База «Флора»', day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 40, price: 95.5 }], paid: 0, status: 'posted', note: '' },
    }, florist);
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    const slip = await call(shop.url, '/api/slips/update', {
      data: { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 3, reason: 'wilted', cost: 100 }], order: '', note: '' },
    }, florist);
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    const admin = await signIn(shop.url, demoPhones.admin);
    expect((await call(shop.url, '/api/clients/update', { data: { phone: '79440000801', name: 'Вера Лилиева', source: 'site' } }, admin)).status).toBe(200);
    const before = await answers(shop.url);
    expect(before.orders.data.items.map((o) => o.id)).toEqual(expect.arrayContaining(placed));

    // Taken while the shop serves; then the disk dies.
    const backup = await takeBackup(shop.shop.storage, { dataDir: shop.dataDir, ...store.settings }, key);
    const file = await storeBackup(backup, await tempDir(), 3);
    expect(backup.manifest.databases.map((d) => d.name)).not.toContain('auth');
    await shop.close();

    const target = await store.fresh();
    const manifest = await restoreShop(target, file, { key });
    expect(manifest.databases).toEqual(backup.manifest.databases);
    const restored = await startTestShop(target);
    try {
      const after = await answers(restored.url);
      expect(after).toEqual(before);
      // The order numbers go on from where they were.
      const next = { id: 'backup-drill-next-order', lines: [{ id: product.id, count: 1 }], sender: { name: 'Анна', phone: '79550007001' },
        recipient: { name: 'Ольга', phone: '79440000009' }, delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', postcard: '', anonymous: false, payment: 'cash' };
      const again = await call<{ data: Order }>(restored.url, '/api/orders/create', next, await signIn(restored.url, '79550007001'));
      expect(again.status).toBe(200);
      expect(again.body.data.number).toBe(Math.max(...before.orders.data.items.map((o) => o.number)) + 1);
      // Sessions were not copied: the old cookie is a guest's now.
      const user = await call<{ user: unknown }>(restored.url, '/api/user', undefined, florist, 'GET');
      expect(user.body.user).toBeNull();
    } finally {
      await restored.close();
      await store.close();
    }
  }, 120_000);
});

describe('a backup that cannot be used', () => {
  const taken = (async () => {
    const shop = await startTestShop();
    try {
      const backup = await takeBackup(shop.shop.storage, { dataDir: shop.dataDir }, key);
      const plain = await takeBackup(shop.shop.storage, { dataDir: shop.dataDir });
      const dir = await tempDir();
      return { encrypted: await storeBackup(backup, dir, 5), plain: await storeBackup({ ...plain, manifest: { ...plain.manifest, createdAt: new Date(Date.now() + 1000).toISOString() } }, dir, 5) };
    } finally {
      await shop.close();
    }
  })();

  it('is refused before anything is written: cut short, tampered with, the wrong key, or none', async () => {
    const { encrypted, plain } = await taken;
    const bytes = new Uint8Array(await fs.readFile(encrypted));
    const dir = await tempDir();
    const cut = path.join(dir, 'cut.fsbk');
    await fs.writeFile(cut, bytes.subarray(0, bytes.length - 100));
    await expect(restoreShop({ dataDir: path.join(dir, 'a') }, cut, { key })).rejects.toThrow(/повреждена|обрезана/);
    await expect(restoreShop({ dataDir: path.join(dir, 'b') }, encrypted, { key: 'другой ключ' })).rejects.toThrow('Копия повреждена или ключ BACKUP_KEY не тот');
    await expect(restoreShop({ dataDir: path.join(dir, 'c') }, encrypted)).rejects.toThrow('Копия зашифрована');

    // A plain archive with one document changed fails its checksum; one cut at a line has no manifest.
    const lines = zlib.gunzipSync(new Uint8Array(await fs.readFile(plain))).toString('utf8').split('\n').filter(Boolean);
    const tampered = path.join(dir, 'tampered.fsbk');
    await fs.writeFile(tampered, new Uint8Array(zlib.gzipSync(lines.map((l) => l.replace('"Букет', '"Подделка')).join('\n') + '\n')));
    await expect(restoreShop({ dataDir: path.join(dir, 'd') }, tampered)).rejects.toThrow('контрольная сумма не сходится');
    const short = path.join(dir, 'short.fsbk');
    await fs.writeFile(short, new Uint8Array(zlib.gzipSync(lines.slice(0, -3).join('\n') + '\n')));
    await expect(restoreShop({ dataDir: path.join(dir, 'e') }, short)).rejects.toThrow('В копии нет описи');
    for (const d of ['a', 'b', 'c', 'd', 'e']) expect(await fs.readdir(path.join(dir, d)).catch(() => [])).toEqual([]);
    expect((await readArchive(plain)).manifest.databases.length).toBeGreaterThan(5);
  }, 120_000);

  it('is not put over a store that holds a shop unless told, and then replaces it whole', async () => {
    const { plain } = await taken;
    const dataDir = await tempDir();
    await restoreShop({ dataDir }, plain);
    await expect(restoreShop({ dataDir }, plain)).rejects.toThrow(/Хранилище не пустое/);
    await restoreShop({ dataDir }, plain, { force: true });
    const shop = await startTestShop({ dataDir });
    try {
      expect((await call(shop.url, '/api/items/get', { id: product.id })).status).toBe(200);
    } finally {
      await shop.close();
    }
  }, 120_000);

  it('from another shop is refused over that shop\'s store unless told; into an empty store it is fine', async () => {
    const { plain } = await taken;
    const other = await tempDir();
    const running = await startTestShop({ dataDir: other });
    await running.close();
    const before = await storedDatabases({ dataDir: other });
    expect(before).toContain('counters');
    await expect(restoreShop({ dataDir: other }, plain)).rejects.toThrow(/Копия сделана в другом магазине \(.+\), а хранилище принадлежит магазину .+ без --force/);
    // Refused before anything was dropped: the other shop's databases are all still there.
    expect(await storedDatabases({ dataDir: other })).toEqual(before);
    await restoreShop({ dataDir: other }, plain, { force: true });
    expect((await readArchive(plain)).manifest.shop).toBeTruthy();

    // An archive written before manifests named their shop is still restored.
    const lines = zlib.gunzipSync(new Uint8Array(await fs.readFile(plain))).toString('utf8').split('\n').filter(Boolean);
    const { shop: _named, ...unnamed } = JSON.parse(lines.pop()!) as Record<string, unknown>;
    const old = path.join(await tempDir(), 'old.fsbk');
    await fs.writeFile(old, new Uint8Array(zlib.gzipSync([...lines, JSON.stringify(unnamed)].join('\n') + '\n')));
    const dataDir = await tempDir();
    expect((await restoreShop({ dataDir }, old)).shop).toBeUndefined();
    await expect(restoreShop({ dataDir }, old)).rejects.toThrow(/Хранилище не пустое/);
  }, 120_000);

  it('keeps only the newest archives it is told to', async () => {
    const dir = await tempDir();
    const made = { bytes: new Uint8Array([1]), manifest: { shop: 's', databases: [] } };
    for (let i = 0; i < 4; i++) await storeBackup({ ...made, manifest: { ...made.manifest, createdAt: new Date(Date.UTC(2026, 10, 20 + i)).toISOString() } }, dir, 2);
    expect(await fs.readdir(dir)).toEqual(['shop-2026-11-22-00-00-00-000.fsbk', 'shop-2026-11-23-00-00-00-000.fsbk']);
  });
});
