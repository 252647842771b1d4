import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tierDatabases } from '../../schema/shared/databases';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { createCommandId } from '../../schema/studio/orders/order-command';
import { openStorage } from '../db/storage';
import { demoPhones, startTestShop } from '../testing/test-shop';

const officeDb = tierDatabases[orderCommandEntity.tier];

/** The processor takes the office as the stock projection reads it (command-processor.ts `OfficeDocs`), its build at start included. */
describe('the command processor', () => {
  it('answers, before the server serves, a command stored while no app server ran', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-processor-'));
    try {
      await (await startTestShop({ dataDir })).close();
      // Pushed to a store no server ran on (or left by a crash before its outcome was written).
      const storage = openStorage({ dataDir, couchUrl: undefined });
      const at = Date.now();
      await storage.db(officeDb).put({
        _id: 'cmd-left-behind', type: orderCommandEntity.type, v: orderCommandEntity.version, title: 'Статус', createdBy: demoPhones.florist, createdAt: at, updatedBy: demoPhones.florist, updatedAt: at,
        data: { order: 'o-nowhere', action: { kind: 'status', from: 'new', to: 'confirmed' } },
      });
      await storage.close();
      const shop = await startTestShop({ dataDir });
      try {
        const stored = (await shop.shop.storage.db(officeDb).get('cmd-left-behind')) as { data: { outcome?: { ok: boolean; status?: number } } };
        // Any outcome is an answer (this one: not parsed, 400); without one the command would wait for the next change.
        expect(stored.data.outcome).toMatchObject({ ok: false });
      } finally {
        await shop.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses at once a command whose order’s create was refused, rather than waiting for that order', async () => {
    const shop = await startTestShop();
    try {
      const office = shop.shop.storage.db(officeDb);
      const at = Date.now();
      const command = (id: string, data: object) => ({
        _id: id, type: orderCommandEntity.type, v: orderCommandEntity.version, title: 'Команда', createdBy: demoPhones.florist, createdAt: at, updatedBy: demoPhones.florist, updatedAt: at, data,
      });
      type Answered = { data: { outcome?: { ok: boolean; status?: number } } };
      const outcomeOf = async (id: string) => ((await office.get(id)) as Answered).data.outcome;
      // A create the processor refuses (its draft names nothing the shop sells).
      await office.put(command(createCommandId('o-refused'), { order: 'o-refused', action: { kind: 'create', draft: { id: 'o-refused' } } }));
      await expect.poll(() => outcomeOf(createCommandId('o-refused')), { timeout: 20_000, interval: 50 }).toMatchObject({ ok: false });
      // The payment after it: its order will never come, so it is answered now, not after the two minutes' wait.
      await office.put(command('pay-o-refused-0001', { order: 'o-refused', action: { kind: 'payment', status: 'paid', method: 'cash' } }));
      await expect.poll(() => outcomeOf('pay-o-refused-0001'), { timeout: 20_000, interval: 50 }).toMatchObject({ ok: false, status: 404 });
    } finally {
      await shop.close();
    }
  }, 60_000);
});
