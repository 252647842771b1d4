import { describe, expect, it } from 'vitest';
import { categories } from '../../schema/shop/category';
import type { Product } from '../../schema/shop/product';
import { catalogSearch } from '../../schema/shop/search';
import { searchThread } from './catalog-search-thread';

const item = (n: number, name: string): Product => ({
  id: `t-${n}`, art: `T-${100 + n}`, name, description: '', composition: '', images: [], price: 1000, count: 1,
  category: categories[0].id, itemType: 'bouquet', tags: [], shownOn: [], isActive: true, isHidden: false, sizable: false, rank: n, updatedAt: 1,
});

describe('the catalogue search in its own thread (issue 11, item 5)', () => {
  it('answers as the search on the request thread would, after every change sent before the query', async () => {
    let products = [item(1, 'Роза алая'), item(2, 'Пион розовый'), item(3, 'Тюльпан')];
    const thread = searchThread(() => products);
    const same = async (query: string) => expect(await thread.find(query)).toEqual(catalogSearch(products).find(query).map((p) => p.id));
    await same('роза');
    await same('T-103');

    const renamed = { ...item(3, 'Роза кустовая'), rank: 0 };
    products = [renamed, products[0], products[1]];
    thread.put([renamed]);
    await same('роза');
    products = products.filter((p) => p.id !== 't-1');
    thread.remove(['t-1']);
    // Sent at once after the change, not awaited: the answer still reflects it.
    await same('роза');

    // A closed (or failed) thread is started again on the next search, from the catalogue as it is then.
    await thread.close();
    products = [...products, item(4, 'Роза садовая')];
    await same('роза');
    await thread.close();
  });
});
