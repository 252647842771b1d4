import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from './storage';

/** A view of its own: a queue this test got stuck (the guard broken) must not stall any other file's views. */
const design = { _id: '_design/closing-views', views: { all: { map: 'function (doc) { emit(doc._id, null); }' } } };
const view = 'closing-views/all';

const dirs: string[] = [];
const storeIn = async (): Promise<Storage> => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'flower-shop-views-'));
  dirs.push(dir);
  return openStorage({ dataDir: dir }, undefined, { durable: false });
};

afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.promises.rm(d, { recursive: true, force: true })));
});

/**
 * PouchDB queues a view's index updates per view name for the whole process, and the name is the database's short
 * name, alike for every store: a store closed while a view of it was being brought up to date left that queue stuck,
 * and the next store's query of the view never answered (a full run's journeys waited 90 s for /admin, whose dashboard
 * reads two views). Closing waits for the queries under way.
 */
describe('a store closed while a view query runs', () => {
  it('answers that query first, and the next store in the process still reads the view', async () => {
    const first = await storeIn();
    const office = first.db('office');
    await office.put(design);
    await office.bulkDocs(Array.from({ length: 3000 }, (_, i) => ({ _id: `d${i}` })));
    const cutOff = office.query(view, { limit: 1 });
    // The index is being built when the store closes.
    await new Promise((r) => setTimeout(r, 50));
    await first.close();
    const stuck = () => new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 10_000));
    const firstAnswer = await Promise.race([cutOff, stuck()]);
    expect(firstAnswer === 'stuck' ? firstAnswer : firstAnswer.total_rows).toBe(3000);

    const next = await storeIn();
    const again = next.db('office');
    await again.put(design);
    await again.put({ _id: 'one' });
    const answer = await Promise.race([again.query(view), stuck()]);
    expect(answer === 'stuck' ? answer : answer.total_rows).toBe(1);
    await next.close();
  }, 30_000);
});
