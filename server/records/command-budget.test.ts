import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../schema/entities';
import type { User } from '../../schema/shared/user';
import type { PushedDoc } from '../db/push-rule';
import { openStorage, StorageBusy, type Storage } from '../db/storage';
import { withCommandBudget } from './command-budget';
import { pushRuleFor } from './office-push-rule';
import { commandLimits } from './command-budget';
import { createCommandId } from '../../schema/studio/orders/order-command';
import { demoPhones, signIn, startTestShop } from '../testing/test-shop';

const now = 1_800_000_000_000;
const florist: User = { phone: '79000000003', name: '', roles: ['florist'], isAdmin: false };
const other: User = { phone: '79000000005', name: '', roles: ['florist'], isAdmin: false };
let n = 0;
/** A command as a device pushes it; `image` makes a photo command of about that many bytes. */
const command = (by: User, image?: number, outcome?: { ok: true; at: number }): PushedDoc => ({
  _id: `budget-command-${String(n++).padStart(6, '0')}`,
  type: 'orderCommand', v: 1, title: 'Команда', createdBy: by.phone, createdAt: now, updatedBy: by.phone, updatedAt: now,
  data: {
    order: 'budget-order-0001',
    action: image ? { kind: 'photo', image: `data:image/png;base64,${'A'.repeat(image)}` } : { kind: 'status', from: 'new', to: 'confirmed' },
    ...(outcome ? { outcome } : {}),
  },
});
const task = (by: User): PushedDoc => ({
  _id: `budget-task-${String(n++).padStart(6, '0')}`, type: 'task', v: 1, title: 'Полить', createdBy: by.phone, createdAt: now, updatedBy: by.phone, updatedAt: now,
  data: { title: 'Полить', assignee: '', status: 'todo', note: '' },
});

/**
 * One person's commands in the office database are bounded (issue 18, item 5): what waits for the server's answer
 * (count and bytes; beyond it the push is answered 503 and the device sends it again) and what one sends in a day
 * (beyond it each command is refused as a conflict with the reason). Small limits here; the shop's are in command-budget.ts.
 */
describe('a person’s command budget in the office database', () => {
  let dataDir: string;
  let storage: Storage;
  const limits = { pending: 3, pendingBytes: 50_000, perDay: 5 };
  const budget = withCommandBudget(entities, pushRuleFor(entities, () => now), limits, () => now);
  const store = (docs: PushedDoc[]) => storage.db('office').bulkDocs(docs);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-budget-'));
    storage = openStorage({ dataDir, couchUrl: undefined });
  });
  afterAll(async () => {
    await storage.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('lets commands wait up to the count and the bytes, then asks the device to send again later; others are not held by it', async () => {
    const db = storage.db('office');
    const two = [command(florist), command(florist)];
    const judge = await budget(db, florist, two);
    expect(two.map((d) => judge(florist, d, null))).toMatchObject([{ ok: true }, { ok: true }]);
    await store(two);
    const third = command(florist);
    await expect(budget(db, florist, [third, command(florist)])).rejects.toBeInstanceOf(StorageBusy);
    await expect(budget(db, florist, [third, command(florist)])).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/отправятся чуть позже/) });
    expect((await budget(db, florist, [third]))(florist, third, null)).toMatchObject({ ok: true });
    // Tasks are not commands, and another person's commands are theirs.
    const chores = [task(florist), task(florist), task(florist), task(florist)];
    await expect(budget(db, florist, chores)).resolves.toBeTypeOf('function');
    await expect(budget(db, other, [command(other), command(other), command(other)])).resolves.toBeTypeOf('function');
    // A photo of 60 KB does not fit beside what waits: sent again later too.
    await expect(budget(db, other, [command(other, 60_000)])).rejects.toBeInstanceOf(StorageBusy);
  });

  it('counts a day’s commands, answered or waiting, and refuses past it as a conflict with the reason', async () => {
    const db = storage.db('office');
    const someone: User = { ...florist, phone: '79000000007' };
    // Answered: three today, one the day before yesterday.
    await store([
      command(someone, undefined, { ok: true, at: now - 3600_000 }),
      command(someone, undefined, { ok: true, at: now - 7200_000 }),
      command(someone, undefined, { ok: true, at: now - 60_000 }),
      command(someone, undefined, { ok: true, at: now - 2 * 86_400_000 }),
    ]);
    const batch = [command(someone), command(someone), command(someone)];
    const judge = await budget(db, someone, batch);
    const verdicts = batch.map((d) => judge(someone, d, null));
    expect(verdicts).toMatchObject([{ ok: true }, { ok: true }, { ok: false, reason: expect.stringMatching(/За сутки отправлено 5 команд/) }]);
  });

  it('reads the pusher’s own commands as they are now: one sent again counts once, one answered since waits no more', async () => {
    const db = storage.db('office');
    const someone: User = { ...florist, phone: '79000000009' };
    const waiting = [command(someone), command(someone), command(someone)];
    await store(waiting);
    // Three wait: a command already stored, sent again, adds nothing; a new one is one too many.
    await expect(budget(db, someone, [waiting[0]])).resolves.toBeTypeOf('function');
    await expect(budget(db, someone, [waiting[0], command(someone)])).rejects.toBeInstanceOf(StorageBusy);
    // One answered by the server: it waits no more (the view follows the store), so a new one fits.
    const answered = await db.get<{ data: Record<string, unknown> }>(waiting[1]._id);
    await db.put({ ...answered, data: { ...answered.data, outcome: { ok: true, at: now - 1000 } } });
    await expect(budget(db, someone, [waiting[0], command(someone)])).resolves.toBeTypeOf('function');
  });
});

describe('the office database of a running shop', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.close());

  it('answers a push 503 while the pusher has as many commands waiting as may wait, and takes it once there is room', async () => {
    const florist = await signIn(shop.url, demoPhones.florist);
    const office = shop.shop.storage.db('office');
    const me: User = { phone: demoPhones.florist, name: '', roles: ['florist'], isAdmin: false };
    // Commands on an order whose create is on its way wait (command-processor.ts): as many as may wait.
    const order = 'budget-order-waiting';
    await office.put({ _id: createCommandId(order), type: 'note', data: {} });
    const waiting = Array.from({ length: commandLimits.pending }, () => ({ ...command(me), createdAt: Date.now(), updatedAt: Date.now(), data: { order, action: { kind: 'status', from: 'new', to: 'confirmed' } } }));
    await office.bulkDocs(waiting);
    const push = (docs: unknown[]) => fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs }) });
    const next = { ...command(me), createdAt: Date.now(), updatedAt: Date.now() };
    const busy = await push([next]);
    expect(busy.status).toBe(503);
    expect(((await busy.json()) as { reason: string }).reason).toMatch(/прежние команды/);
    expect((await fetch(`${shop.url}/db/office/${next._id}`, { headers: { cookie: florist } })).status).toBe(404);
    // Answered (here: taken away), there is room again.
    const rows = (await office.allDocs({ keys: waiting.map((d) => d._id) })).rows.flatMap((r) => ('value' in r && r.value ? [{ _id: r.id, _rev: r.value.rev, _deleted: true }] : []));
    await office.bulkDocs(rows);
    const taken = await push([next]);
    expect(taken.status).toBe(201);
    expect(((await taken.json()) as { ok?: boolean }[])[0]).toMatchObject({ ok: true });
  });
});
