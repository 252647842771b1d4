import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import { restoreShop } from '../../../server/ops/restore';
import { startTestShop } from '../../../server/testing/test-shop';
import type { PendingOrder } from '../collections';
import { openLocalData, type LocalData } from '../database';
import { startShopSync, type ShopSync } from '../sync/shop-sync';
import { deviceCookie } from './customer-device';

type ShopSettings = Parameters<typeof startTestShop>[0];
type TestShop = Awaited<ReturnType<typeof startTestShop>>;

/**
 * For tests only: a restore drill with one device. Its store on fake-indexeddb and its sync with the shop it talks
 * to (the address follows the shop when it is restored onto the same port), the session its fetch sends, the shops
 * started and the folders made: `end` closes and removes them all.
 */
export const deviceDrill = (name: string) => {
  const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
  const folders: string[] = [];
  const shops: TestShop[] = [];
  let url = '';
  const network = deviceCookie(() => url);
  const drill = {
    data: undefined as LocalData | undefined,
    sync: undefined as ShopSync | undefined,
    /** The session the device's requests carry. */
    jar: network.jar,
    url: () => url,
    async tempDir(): Promise<string> {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), `flower-${name}-`));
      folders.push(dir);
      return dir;
    },
    /** A test shop the device talks to from now on. */
    async startShop(settings: ShopSettings = {}): Promise<TestShop> {
      const shop = await startTestShop(settings);
      shops.push(shop);
      url = shop.url;
      return shop;
    },
    /** The disk dies: `shop` is closed, the archive restored into a new folder and a shop started on the same address. */
    async restore(shop: TestShop, file: string, settings: ShopSettings = {}): Promise<TestShop> {
      await shop.close();
      const dataDir = await drill.tempDir();
      await restoreShop({ dataDir }, file);
      return drill.startShop({ ...settings, dataDir, port: shop.port });
    },
    /** The device opened (its store and its sync with the shop). */
    async open(): Promise<{ data: LocalData; sync: ShopSync }> {
      const data = await openLocalData(name, idb);
      const sync = startShopSync(data, url);
      Object.assign(drill, { data, sync });
      return { data, sync };
    },
    /** The tab closed: the sync stopped and the store closed, nothing else forgotten. */
    async close(): Promise<void> {
      await drill.sync?.stop();
      await drill.data?.shop.close();
      await drill.data?.dataSources.close();
      Object.assign(drill, { data: undefined, sync: undefined });
    },
    async end(): Promise<void> {
      await drill.close();
      network.restore();
      for (const s of shops) await s.close().catch(() => undefined);
      for (const dir of folders) await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
  return drill;
};
export type DeviceDrill = ReturnType<typeof deviceDrill>;

/** For tests only. Checkout as the device does it: the draft into the outbox, sent, its copy pulled, the draft dropped; answers its number. */
export const placeFromOutbox = async (data: LocalData, sync: ShopSync, owner: string, draft: Omit<PendingOrder, 'owner' | 'createdAt'>): Promise<number> => {
  await data.shop.pendingOrders.insert({ ...draft, owner, createdAt: Date.now() });
  const [sent] = await sync.flushOutbox();
  expect(sent?.id).toBe(draft.id);
  await expect.poll(async () => (await data.shop.orders.findOne(draft.id).exec())?.number, { timeout: 30_000, interval: 200 }).toBe(sent!.number);
  await sync.flushOutbox();
  expect(await data.shop.pendingOrders.findOne(draft.id).exec()).toBeNull();
  return sent!.number;
};
