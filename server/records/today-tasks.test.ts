import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../schema/shared/day';
import { openStorage, type Storage } from '../db/storage';
import { ensureTodayTasksView, readTodayTasks } from './today-tasks';

const day = '2026-11-30';

/** An office record as a device pushes it. */
const doc = (id: string, type: string, on: string, data: Record<string, unknown>) => ({
  _id: id, type, v: 1, title: id, day: on, createdBy: '79000000003', createdAt: 1, updatedBy: '79000000003', updatedAt: 1, data,
});
const aTask = (id: string, on: string, status: string, dueTime?: string) => doc(id, 'task', on, { title: id, assignee: '', due: on, status, note: '', ...(dueTime ? { dueTime } : {}) });

/** The dashboard's tasks read through the office's view by status and day (issue 32, item 1), never the office whole. */
describe("the dashboard's tasks through their view", () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flower-today-tasks-'));
    storage = openStorage({ dataDir, couchUrl: undefined });
    await ensureTodayTasksView(storage);
  });
  afterAll(async () => {
    await storage.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("lists today's tasks and earlier undone ones, undone first then by time; not done earlier, later, other records or deleted", async () => {
    const office = storage.db('office');
    await office.bulkDocs([
      aTask('t-today-late', day, 'todo', '18:00'),
      aTask('t-today-early', day, 'doing', '09:00'),
      aTask('t-today-done', day, 'done', '08:00'),
      aTask('t-left-over', addDays(day, -3), 'todo'),
      aTask('t-done-before', addDays(day, -1), 'done'),
      aTask('t-tomorrow', addDays(day, 1), 'todo'),
      aTask('t-deleted', day, 'todo'),
      doc('slip-today', 'slip', day, { warehouse: 'w', lines: [] }),
    ]);
    await office.remove(await office.get('t-deleted'));
    const { tasks, total } = await readTodayTasks(storage, day);
    expect(tasks.map((t) => t.id)).toEqual(['t-left-over', 't-today-early', 't-today-late', 't-today-done']);
    expect(total).toBe(4);
    // Ticked back to do on the device: an earlier day's task is listed again.
    const before = await office.get<{ data: Record<string, unknown> }>('t-done-before');
    await office.put({ ...before, data: { ...before.data, status: 'todo' } });
    expect((await readTodayTasks(storage, day)).tasks.map((t) => t.id)).toContain('t-done-before');
  });

  it('gives the first 20 and how many there are in all', async () => {
    const office = storage.db('office');
    await office.bulkDocs(Array.from({ length: 25 }, (_, i) => aTask(`t-many-${String(i).padStart(2, '0')}`, day, 'todo', `10:${String(i).padStart(2, '0')}`)));
    const { tasks, total } = await readTodayTasks(storage, day);
    expect(tasks).toHaveLength(20);
    expect(total).toBe(30);
  });

  it('writes its view once: a second start leaves the design document as it was', async () => {
    const office = storage.db('office');
    const before = await office.get('_design/today-tasks');
    await ensureTodayTasksView(storage);
    expect((await office.get('_design/today-tasks'))._rev).toBe(before._rev);
  });
});
