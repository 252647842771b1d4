import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { healthAnswer } from '../../schema/shared/api-requests';
import type { BackupView } from '../../schema/shared/backup-view';
import { nextDay, today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import { demoProducts } from '../seed/products';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { couchRequest } from '../db/claim';
import { restoreFromCouch, type CouchCopyManifest } from './backup-couch';

type HealthAnswer = z.infer<typeof healthAnswer>;
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!;
const password = 's3cret-target-pass';
const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});
const order = (id: string) => ({
  id, lines: [{ id: product.id, count: 1 }], sender: { name: 'Анна', phone: '79550007002' }, recipient: { name: 'Ольга', phone: '79440000009' },
  delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', postcard: '', anonymous: false, payment: 'cash',
});

/** Every database of a real cluster but its system ones dropped: the drill's store and target start empty. */
const emptied = async (address: string) => {
  const root = couchRequest(address.endsWith('/') ? address : `${address}/`);
  const names = (await (await fetch(`${root.href}_all_dbs`, { headers: root.headers })).json()) as string[];
  for (const name of names.filter((n) => !n.startsWith('_'))) await fetch(`${root.href}${encodeURIComponent(name)}`, { method: 'DELETE', headers: root.headers });
};

/**
 * The shop's CouchDB and the backup target: two stand-ins, and, when `TEST_COUCHDB_URL` names a real Apache CouchDB
 * cluster (../shared/couchdb/cluster.sh start3), that cluster as both (the copies' names, `shopbackup-…`, are kept
 * apart from the shop's, and a copy never takes them). Its databases are dropped before and after.
 */
const places: Record<string, () => Promise<{ shopUrl: string; target: string; close: () => Promise<void> }>> = {
  'two CouchDB stand-ins': async () => {
    const shopCouch = await startCouchStandIn();
    const targetCouch = await startCouchStandIn();
    return {
      shopUrl: shopCouch.url.replace('http://', 'http://admin:secret@'),
      target: targetCouch.url.replace('http://', `http://backup:${password}@`),
      close: async () => {
        await shopCouch.close();
        await targetCouch.close();
      },
    };
  },
  ...(process.env.TEST_COUCHDB_URL
    ? {
        'a real CouchDB cluster': async () => {
          const real = process.env.TEST_COUCHDB_URL ?? '';
          await emptied(real);
          return { shopUrl: real, target: real, close: () => emptied(real) };
        },
      }
    : {}),
};

describe.each(Object.keys(places))('a second CouchDB as the backup target (BACKUP_COUCHDB_URL), on %s', (place) => {
  it('takes a copy of every database but auth with a manifest of sequences, and a restore from it gives the shop back', async () => {
    const { shopUrl, target, close } = await places[place]!();
    const shop = await startTestShop({ couchUrl: shopUrl, backup: { at: '03:00', keep: 1, couchUrl: target } });
    let restored: Awaited<ReturnType<typeof startTestShop>> | undefined;
    try {
      const customer = await signIn(shop.url, '79550007002');
      const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', order('couch-backup-first-order'), customer);
      expect(placed.status).toBe(200);
      const admin = await signIn(shop.url, demoPhones.admin);
      const run = await call<BackupView>(shop.url, '/api/backups/run', {}, admin);
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(run.body).toMatchObject({ on: true, at: expect.any(String), stale: false, failure: null });
      expect((await call<HealthAnswer>(shop.url, '/api/health', undefined, undefined, 'GET')).body).toMatchObject({ backup: 'ok' });

      const manifestAt = couchRequest(`${target.endsWith('/') ? target : `${target}/`}shopbackup$manifest/manifest`);
      const manifest = (await (await fetch(manifestAt.href, { headers: manifestAt.headers })).json()) as CouchCopyManifest;
      const names = manifest.databases.map((d) => d.name);
      expect(names).toEqual(expect.arrayContaining(['orders', 'catalog', 'counters']));
      expect(names).not.toContain('auth');
      expect(names.some((n) => n.startsWith('shopbackup'))).toBe(false);
      for (const d of manifest.databases) expect(d.seq).toBeTruthy();
      await shop.close();

      // The shop's store is lost; an empty one is filled from the target.
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-from-couch-'));
      temporary.push(dataDir);
      const back = await restoreFromCouch({ dataDir }, target);
      expect(back.databases.map((d) => d.name)).toEqual(names);
      await expect(restoreFromCouch({ dataDir }, target)).rejects.toThrow(/Хранилище не пустое/);
      restored = await startTestShop({ dataDir });
      const manager = await signIn(restored.url, demoPhones.manager);
      const list = await call<{ data: { items: Order[] } }>(restored.url, '/api/orders/list', { params: { limit: 200 } }, manager);
      expect(list.body.data.items.filter((o) => o.id === 'couch-backup-first-order')).toHaveLength(1);
      // Numbers go on from the copy's counter: none is handed out twice.
      const next = await call<{ data: Order }>(restored.url, '/api/orders/create', order('couch-backup-next-order'), await signIn(restored.url, '79550007002'));
      expect(next.status).toBe(200);
      expect(next.body.data.number).toBe(placed.body.data.number + 1);
    } finally {
      await restored?.close();
      await shop.close().catch(() => undefined);
      await close();
    }
  }, 180_000);
});

describe('a second CouchDB as the backup target that cannot be reached', () => {

  it('with BACKUP_KEY the copy holds no name, phone or id in the clear, sends only what changed, and restores only with the key', async () => {
    const shopCouch = await startCouchStandIn();
    const targetCouch = await startCouchStandIn();
    const key = 'couch-copy-key-31';
    const phone = '79550007031';
    const shop = await startTestShop({ couchUrl: shopCouch.url, backup: { at: '03:00', keep: 1, couchUrl: targetCouch.url, key } });
    let restored: Awaited<ReturnType<typeof startTestShop>> | undefined;
    try {
      const customer = await signIn(shop.url, phone);
      const withPhone = (id: string) => ({ ...order(id), sender: { name: 'Евдокия Сидорова', phone } });
      const first = await call<{ data: Order }>(shop.url, '/api/orders/create', withPhone('sealed-copy-first-order'), customer);
      expect(first.status).toBe(200);
      const admin = await signIn(shop.url, demoPhones.admin);
      expect((await call<BackupView>(shop.url, '/api/backups/run', {}, admin)).body).toMatchObject({ failure: null });
      /** Everything the target holds, as one text: names of its databases and every document. */
      const everything = async () => {
        // Stand-ins in one process share express-pouchdb's list of databases: the target's own are its copies.
        const names = ((await (await fetch(`${targetCouch.url}_all_dbs`)).json()) as string[]).filter((n) => n.startsWith('shopbackup'));
        const bodies = await Promise.all(names.map(async (n) => (await fetch(`${targetCouch.url}${encodeURIComponent(n)}/_all_docs?include_docs=true`)).text()));
        return { names, text: [...names, ...bodies].join('\n') };
      };
      const once = await everything();
      for (const secret of [phone, 'Евдокия', 'sealed-copy-first-order', 'orders-', 'Сидорова', '\\u0415']) expect(once.text).not.toContain(secret);
      expect(once.names.filter((n) => n.startsWith('shopbackup-')).length).toBeGreaterThan(5);

      // The second copy sends the new order's revisions only: the copies hold one document a leaf, as before plus the new.
      const second = await call<{ data: Order }>(shop.url, '/api/orders/create', withPhone('sealed-copy-second-order'), customer);
      expect(second.status).toBe(200);
      expect((await call<BackupView>(shop.url, '/api/backups/run', {}, admin)).body).toMatchObject({ failure: null });
      expect((await everything()).text).not.toContain(phone);
      await shop.close();

      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-from-sealed-couch-'));
      temporary.push(dataDir);
      await expect(restoreFromCouch({ dataDir }, targetCouch.url)).rejects.toThrow(/зашифрована: задайте ключ BACKUP_KEY/);
      await expect(restoreFromCouch({ dataDir }, targetCouch.url, { key: 'not-the-key' })).rejects.toThrow(/другим ключом/);
      const back = await restoreFromCouch({ dataDir }, targetCouch.url, { key });
      expect(back.databases.map((d) => d.name)).toEqual(expect.arrayContaining(['orders', 'catalog', 'counters', `orders-${phone}`]));
      restored = await startTestShop({ dataDir });
      const manager = await signIn(restored.url, demoPhones.manager);
      const list = await call<{ data: { items: Order[] } }>(restored.url, '/api/orders/list', { params: { limit: 200 } }, manager);
      const mine = list.body.data.items.filter((o) => o.id.startsWith('sealed-copy-'));
      expect(mine.map((o) => [o.id, o.number, o.sender.name]).sort()).toEqual([
        ['sealed-copy-first-order', first.body.data.number, 'Евдокия Сидорова'],
        ['sealed-copy-second-order', second.body.data.number, 'Евдокия Сидорова'],
      ]);
      const next = await call<{ data: Order }>(restored.url, '/api/orders/create', withPhone('sealed-copy-next-order'), await signIn(restored.url, phone));
      expect(next.body.data.number).toBe(second.body.data.number + 1);
    } finally {
      await restored?.close();
      await shop.close().catch(() => undefined);
      await shopCouch.close();
      await targetCouch.close();
    }
  }, 180_000);

  it('unreachable: /admin and /api/health say so in Russian without its password, and the shop serves on', async () => {
    const target = `http://backup:${password}@127.0.0.1:9/`;
    const shop = await startTestShop({ backup: { at: '03:00', keep: 1, couchUrl: target } });
    try {
      const admin = await signIn(shop.url, demoPhones.admin);
      const run = await call<BackupView>(shop.url, '/api/backups/run', {}, admin);
      expect(run.status).toBe(200);
      expect(run.body.failure?.reason).toContain('Резервная CouchDB 127.0.0.1:9 недоступна');
      expect(JSON.stringify(run.body)).not.toContain(password);
      const status = await call<BackupView>(shop.url, '/api/backups/status', {}, admin);
      expect(status.body.failure?.reason).toContain('Резервная CouchDB 127.0.0.1:9');
      const health = await call<HealthAnswer>(shop.url, '/api/health', undefined, undefined, 'GET');
      expect(health.body).toMatchObject({ ok: true, status: 'degraded', backup: 'failing', backupFailure: expect.stringContaining('недоступна') });
      expect(JSON.stringify(health.body)).not.toContain(password);
      expect((await call(shop.url, '/api/items/get', { id: product.id })).status).toBe(200);
      expect((await call(shop.url, '/api/orders/create', order('couch-backup-unharmed-order'), await signIn(shop.url, '79550007002'))).status).toBe(200);
    } finally {
      await shop.close();
    }
  }, 120_000);
});
