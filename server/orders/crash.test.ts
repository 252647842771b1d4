import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import { call, demoPhones, signIn } from '../testing/test-shop';
import { startServerProcess, testEnv, type ServerProcess } from '../testing/server-process';
import { draftOf, signInAll, testCustomer } from '../testing/order-rush';
import { setStock, stockEquation } from '../testing/stock-equation';

describe('kill -9 during a burst of orders', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('after every crash and restart stock = initial − units in stored orders, and resent drafts make each order once', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-crash-'));
    const env = { ...testEnv, DATA_DIR: dataDir };
    server = await startServerProcess(env);
    const staff = await signIn(server.url, demoPhones.manager);
    const { body } = await call<{ data: { items: Product[] } }>(server.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const bouquets = body.data.items.filter((p) => p.itemType === 'bouquet').slice(0, 3).map((p) => p.id);
    // Twenty customers want about 30 of each: stock runs out on the way, and refusals are part of what is checked.
    const initial = Object.fromEntries(bouquets.map((id) => [id, 18]));
    for (const id of bouquets) await setStock(server.url, staff, id, 18);
    const phones = Array.from({ length: 20 }, (_, i) => testCustomer(900 + i));
    const cookies = await signInAll(() => server!.url, phones);
    const drafts = phones.map((p, i) => draftOf(p, bouquets.map((id, k) => ({ id, count: 1 + ((i + k) % 2) }))));
    /** Every answer each draft got; a lost connection is no answer, and the device keeps the draft to send again. */
    const answers = drafts.map(() => [] as { status: number; number?: number }[]);
    const send = async (url: string, i: number) => {
      try {
        const a = await call<{ data?: { number: number } }>(url, '/api/orders/create', drafts[i], cookies[i]);
        answers[i].push({ status: a.status, number: a.body?.data?.number });
      } catch {
        // The server died mid-request.
      }
    };
    const check = async () => {
      for (const [id, { expected, actual }] of Object.entries(await stockEquation(server!.url, staff, initial))) expect(actual, id).toBe(expected);
    };

    for (let crash = 0; crash < 3; crash++) {
      // Every device sends its draft (again: the answer may have been lost); the server is killed while they are in flight.
      const url = server.url;
      let answered = 0;
      const burst = drafts.map((_, i) => send(url, i).then(() => void answered++));
      while (answered < 3 + crash * 4) await new Promise((r) => setTimeout(r, 1));
      await server.crash();
      await Promise.all(burst);
      server = await startServerProcess(env);
      await check();
    }
    // Back online: every device sends its draft once more, as its outbox would.
    await Promise.all(drafts.map((_, i) => send(server!.url, i)));
    await check();

    const all = answers.flat();
    expect(all.filter((a) => a.status >= 500)).toEqual([]);
    expect(all.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(all.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    // A draft answered with an order is answered with the same order every time after.
    for (const seen of answers) expect(new Set(seen.filter((a) => a.status === 200).map((a) => a.number)).size).toBeLessThanOrEqual(1);
   }, 180_000);
});
