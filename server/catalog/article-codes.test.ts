import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../schema/shop/product';
import { techCardStudio } from '../testing/tech-card-studio';
import { call, demoPhones, signIn, startTwoShops } from '../testing/test-shop';
import { until } from '../testing/until';

type Answer = { status: number; body: { data: Product; error?: string } };

/** Issue 19: an article code is one item's, claimed once whichever app server gives it (server/catalog/article-codes.ts). */
describe('an article code is claimed once across app servers', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let cookies: { a: string; b: string };
  const item = (art: string, name: string) => ({ art, name, images: [], price: 2500, count: 1, category: 'authors', itemType: 'bouquet' });
  const update = (on: 'a' | 'b', body: unknown) => call<Answer['body']>(shops[on].url, '/api/items/update', body, cookies[on]);
  const holders = async (art: string) =>
    (await call<{ data: { items: Product[] } }>(shops.a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: { name: art } }, cookies.a)).body.data.items.filter((p) => p.art === art);
  /** Exactly one of the answers won; the other was told the code is taken. */
  const oneWon = (art: string, answers: Answer[]) => {
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body.error))).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toMatch(new RegExp(`^Артикул ${art} уже занят`));
  };

  beforeAll(async () => {
    shops = await startTwoShops();
    cookies = { a: await signIn(shops.a.url, demoPhones.florist), b: await signIn(shops.b.url, demoPhones.florist) };
  }, 60_000);
  afterAll(() => shops?.close());

  it('gives a code to one of two items two app servers create with it at the same instant; the other gets a Russian 409', async () => {
    const arts = ['RUSH-1', 'RUSH-2', 'RUSH-3', 'RUSH-4', 'RUSH-5'];
    const answers = await Promise.all(arts.map((art) => Promise.all([update('a', item(art, `Первый ${art}`)), update('b', item(art, `Второй ${art}`))])));
    for (const [i, art] of arts.entries()) {
      oneWon(art, answers[i]);
      expect(await holders(art)).toHaveLength(1);
    }
  });

  it('lets one of two items renamed to one code at once have it, and frees a code when its item is renamed or deleted', async () => {
    const [first, second] = await Promise.all([update('a', item('REN-1', 'Первый')), update('b', item('REN-2', 'Второй'))]);
    const renamed = await Promise.all([update('a', { ...first.body.data, art: 'REN-3' }), update('b', { ...second.body.data, art: 'REN-3' })]);
    oneWon('REN-3', renamed);
    expect(await holders('REN-3')).toHaveLength(1);
    // The winner's old code is free again; the loser keeps its own.
    const [won, lost] = renamed[0].status === 200 ? [first, second] : [second, first];
    expect((await update('b', item(won.body.data.art, 'Третий'))).status).toBe(200);
    expect((await update('b', item(lost.body.data.art, 'Четвёртый'))).body.error).toBe(`Артикул ${lost.body.data.art} уже занят товаром «${lost.body.data.name}»`);
    // Deleting the item frees its code on every app server.
    expect((await call(shops.a.url, '/api/items/delete', { id: lost.body.data.id }, await signIn(shops.a.url, demoPhones.admin))).status).toBe(200);
    expect((await update('b', item(lost.body.data.art, 'Пятый'))).status).toBe(200);
  });

  it('frees a claim a crash left behind (its item holds another code) once it is older than a write takes', async () => {
    const made = await update('a', item('LEFT-1', 'Оставленный'));
    const counters = shops.a.shop.storage.db('counters');
    // As if the server died between renaming the item and giving its old code back: the claim names an item without it.
    await counters.put({ _id: 'art:LEFT-2', item: made.body.data.id, at: Date.now() - 3_600_000 });
    expect((await update('b', item('LEFT-2', 'Новый'))).status).toBe(200);
    // A claim made a moment ago stands: its item is being written.
    await counters.put({ _id: 'art:LEFT-3', item: made.body.data.id, at: Date.now() });
    expect((await update('b', item('LEFT-3', 'Новый'))).body.error).toBe('Артикул LEFT-3 уже занят');
  });

  it('keeps one winner when the claim reached too few copies of a cluster (a 202 and a branch)', async () => {
    let split = 0;
    // The first write of each claim is taken by some copies only, as when two writers hit a cluster at once.
    shops.couch.splitWrites((w) => w.db === 'counters' && w.id.startsWith('art:SPLIT-') && !w.rev && split++ < 3);
    try {
      for (const art of ['SPLIT-1', 'SPLIT-2', 'SPLIT-3']) {
        oneWon(art, await Promise.all([update('a', item(art, `Первый ${art}`)), update('b', item(art, `Второй ${art}`))]));
        expect(await holders(art)).toHaveLength(1);
      }
    } finally {
      shops.couch.splitWrites(null);
    }
    expect(shops.couch.splitCount()).toBeGreaterThan(0);
  });

  it('keeps one winner when one writer reads the claim another left on too few copies, before that writer takes it out', async () => {
    let split = 0;
    let answer = () => {};
    const held = new Promise<void>((r) => (answer = r));
    // A's first three claims of the code reach too few copies; the first one's 202 is held, its branch standing.
    shops.couch.splitWrites((w) => w.db === 'counters' && w.id === 'art:HELD-1' && !w.rev && split++ < 3, { answerAfter: held });
    try {
      const first = update('a', item('HELD-1', 'Первый HELD-1'));
      await until(async () => shops.couch.splitCount(), (n) => n > 0);
      // B reads A's branch as a claim in flight and is told the code is taken; nobody else may then lose it to A's 202s.
      const second = await update('b', item('HELD-1', 'Второй HELD-1'));
      answer();
      oneWon('HELD-1', [await first, second]);
      expect(second.status).toBe(409);
      expect(await holders('HELD-1')).toHaveLength(1);
    } finally {
      answer();
      shops.couch.splitWrites(null);
    }
  });

  it('holds a published tech card’s code as an item’s: publishing and creating an item with that code at once, one wins (issue 19: one writer of the catalogue)', async () => {
    const s = await techCardStudio(shops.a.url);
    for (const art of ['CARD-1', 'CARD-2', 'CARD-3']) {
      const card = await s.save('products', { name: `Букет ${art}`, art, warehouse: s.cold, lines: [{ flower: s.rose, qty: 3 }] }, s.florist);
      const answers = await Promise.all([
        call<Answer['body']>(shops.a.url, '/api/products/publish', { id: card }, s.florist),
        update('b', item(art, `Товар ${art}`)),
      ]);
      oneWon(art, answers);
      expect(await holders(art)).toHaveLength(1);
    }
  });
});
