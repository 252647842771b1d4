import type { Product } from '../schema/shop/product';
import { categories } from '../schema/shop/category';

/** n catalogue items of realistic size, for loading a server before a measurement. */
export const benchProducts = (n: number): Product[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `bench-${i}`,
    art: `BN-${10000 + i}`,
    name: `Букет «Тестовый ${i}» из кустовых роз и эвкалипта`,
    description: 'Нежный букет из кустовых роз, эвкалипта и фисташки в крафтовой упаковке. Соберём за два часа.',
    composition: 'Роза кустовая — 7 шт., эвкалипт, фисташка, крафт',
    images: [{ url: `/img/bouquet/bench-${i}-1.svg` }, { url: `/img/bouquet/bench-${i}-2.svg` }],
    price: 2500 + (i % 50) * 100,
    discountPrice: i % 3 === 0 ? 2300 + (i % 50) * 100 : undefined,
    count: i % 20,
    category: categories[i % categories.length].id,
    itemType: 'bouquet',
    tags: ['birthday', 'love'],
    shownOn: ['home'],
    isActive: true,
    isHidden: false,
    sizable: true,
    rank: i,
    updatedAt: 1_700_000_000_000,
  }));
