import { beforeAll, describe, expect, it } from 'vitest';
import { journeyPerFile, phonePage, watchErrors } from './harness';
import { waitFor } from './journeys';
import { demoProducts } from '../server/seed/products';
import { putSynced } from '../server/db/synced';
import type { Product } from '../schema/shop/product';

const model = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'baskets')!;
const inDemo = demoProducts.filter((p) => p.isActive && !p.isHidden && p.category === 'baskets').length;
const many: Product[] = Array.from({ length: 30 }, (_, i) => ({ ...model, id: `big-${i}`, art: `BIG-${i}`, name: `Большая корзина №${i}`, rank: 500 + i }));

/**
 * Issue 18, item 17: a category drawn by the server carries one page of its shelf; the tab hydrates it as drawn, says
 * how many there are in all, and «Показать ещё» brings the next page from the device's store.
 */
describe('a category bigger than one page', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });
  beforeAll(async () => {
    for (const p of many) await putSynced(journey().shop.shop.storage.db('catalog'), p);
    await waitFor('the server to draw the bigger category', async () => (await (await fetch(`${journey().shop.url}/items/baskets`)).text()).includes(`"shelfTotal":${inDemo + many.length}`));
  });

  it('shows the first page and the count, and «Показать ещё» brings the rest', async () => {
    const { context, page } = await phonePage(journey());
    const errors = watchErrors(page);
    const answer = await page.goto('/items/baskets');
    expect((await answer!.text()).match(/<article class="card"/g)).toHaveLength(20);
    await page.getByText(`${inDemo + many.length} товаров`).waitFor();
    await page.getByRole('button', { name: 'Показать ещё 16' }).click();
    await waitFor('the second page of cards', async () => (await page.locator('main .card').count()) === inDemo + many.length);
    await page.getByText(many[many.length - 1].name).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
