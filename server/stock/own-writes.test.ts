import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowerStockedOnTwoShops } from '../testing/stocked-flower';
import { startTwoShops } from '../testing/test-shop';

/**
 * An app server's catch-up reads the office's changes without their documents and takes the bodies of the revisions
 * a push through it has just written from what it wrote (stock-projection.ts `wrote`). A change of one of those
 * documents by anyone else is another revision: its body is read, never taken from this server's memory.
 */
describe('a catch-up takes only its own revisions from memory', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  beforeAll(async () => {
    shops = await startTwoShops();
  });
  afterAll(async () => {
    shops?.couch.holdFeeds(false);
    await shops?.close();
  });

  it('a write-off pushed through B, then changed by another writer, counts as changed for B’s next push', async () => {
    const { couch } = shops;
    const { writeOff } = await flowerStockedOnTwoShops(shops, 'Роза своих записей');

    // Feeds held: B learns of the change below only by the catch-up its next push sends.
    couch.holdFeeds(true);
    const first = await writeOff(10);
    expect(first.row, JSON.stringify(first.row)).toMatchObject({ ok: true });
    // B's next push reads the office once, so B has taken in its own act's revision.
    expect((await writeOff(1)).row).toMatchObject({ ok: true });

    // Another writer makes B's act take 45 stems, straight in the store: 50 − 45 − 1 leaves 4.
    const stored = `${couch.url}office/${encodeURIComponent(first.id)}`;
    const doc = (await (await fetch(stored)).json()) as { data: { lines: Record<string, unknown>[] } };
    const put = await fetch(stored, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...doc, data: { ...doc.data, lines: [{ ...doc.data.lines[0], qty: 45 }] } }) });
    expect(put.status).toBe(201);

    const over = await writeOff(10);
    expect(over.row, JSON.stringify(over.row)).toMatchObject({ error: 'conflict', rejected: true });
    expect((await writeOff(4)).row).toMatchObject({ ok: true });
    couch.holdFeeds(false);
  });
});
