import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierDatabases } from '../../schema/shared/databases';
import { orderCommandEntity } from '../../schema/entities/order-command';
import { openStorage, type Storage } from '../db/storage';
import { countWaitingCommands, ensureWaitingCommandsView } from './waiting-commands';

/** A command as a device pushes it, with or without the server's outcome; other office records beside it. */
const doc = (id: string, type: string, data: Record<string, unknown>) => ({ _id: id, type, v: 1, title: id, createdBy: '79000000003', createdAt: 1, updatedBy: '79000000003', updatedAt: 1, data });

describe('order commands waiting for their outcome (/metrics)', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-commands-'));
    storage = openStorage({ dataDir, couchUrl: undefined });
    await ensureWaitingCommandsView(storage);
    await ensureWaitingCommandsView(storage);
  });
  afterAll(async () => {
    await storage.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('are counted by the view: none at first, then those without an outcome, kept current as outcomes arrive', async () => {
    const office = storage.db(tierDatabases[orderCommandEntity.tier]);
    expect(await countWaitingCommands(storage)).toBe(0);
    await office.bulkDocs([
      doc('cmd-1', orderCommandEntity.type, { order: 'o1', action: 'status' }),
      doc('cmd-2', orderCommandEntity.type, { order: 'o2', action: 'status' }),
      doc('cmd-3', orderCommandEntity.type, { order: 'o3', action: 'status', outcome: { ok: true } }),
      doc('slip-1', 'slip', { day: '2026-11-28' }),
    ]);
    expect(await countWaitingCommands(storage)).toBe(2);
    const first = await office.get('cmd-1');
    await office.put({ ...first, data: { order: 'o1', action: 'status', outcome: { ok: true } } });
    expect(await countWaitingCommands(storage)).toBe(1);
    const second = await office.get('cmd-2');
    await office.remove(second);
    expect(await countWaitingCommands(storage)).toBe(0);
  });

  it('writes its view once: a second start leaves the design document as it was', async () => {
    const office = storage.db(tierDatabases[orderCommandEntity.tier]);
    const before = await office.get('_design/commands');
    await ensureWaitingCommandsView(storage);
    expect((await office.get('_design/commands'))._rev).toBe(before._rev);
  });
});
