import { product, type Product } from '../../schema/shop/product';
import { shelves } from './catalogue-lines';

/** When the demo catalogue was "last edited": fixed, so the list is the same on every start. */
export const seededAt = Date.UTC(2026, 9, 1, 9, 0, 0);

const artPrefix: Record<Product['itemType'], string> = { bouquet: 'B', plant: 'P', vase: 'V', gift: 'G', flower: 'F' };

/** Hits of the studio, most popular first: their rank is their place here, and they are shown on the bestsellers shelf. */
const bestsellers = [
  "Монобукет из 25 роз Пинк О'Хара",
  'Букет «Утренний Прованс»',
  'Коробка «Розовый макарон»',
  'Орхидея фаленопсис в кашпо',
  'Букет «Пудровое облако»',
  'Монобукет из 51 красной розы',
  'Корзина «Для мамы»',
  'Ящик с пионовидными розами',
  'Букет «Нежность»',
  'Букет сухоцветов «Скандинавия»',
  'Мишка Тедди, 30 см',
  'Букет «Версаль»',
];
/** Out of season or out of production: kept in the catalogue for staff, not on sale. */
const inactive = new Set(['Коробка «Осенний блюз»', 'Лисичка']);
/** Made to order and sold by a direct link only. */
const hidden = new Set(['Композиция «Гранд»']);

let n = 0;

/** The demo catalogue: built from the compact lines of catalogue-lines.ts, identical on every start. */
export const demoProducts: Product[] = shelves.flatMap((shelf, s) =>
  shelf.lines.map(([name, price, discount, count, tags, composition, about], i): Product => {
    n += 1;
    const id = `p-${String(n).padStart(3, '0')}`;
    const best = bestsellers.indexOf(name);
    const shownOn = [
      i < 2 && shelf.category !== 'vases' && shelf.category !== 'paintings' ? 'home' : '',
      best >= 0 ? 'bestsellers' : '',
      shelf.itemType === 'bouquet' ? 'recepty' : '',
    ].filter(Boolean);
    return product.parse({
      id,
      art: `${artPrefix[shelf.itemType]}-${1000 + n}`,
      name,
      description: `${about} ${shelf.blurb}`,
      composition,
      images: Array.from({ length: 2 + (n % 2) }, (_, k) => ({ url: `/img/${shelf.image}/${id}-${k + 1}.svg` })),
      price,
      ...(discount ? { discountPrice: discount } : {}),
      count,
      category: shelf.category,
      itemType: shelf.itemType,
      tags: tags.split(' '),
      shownOn,
      isActive: !inactive.has(name),
      isHidden: hidden.has(name),
      sizable: shelf.sizable,
      rank: best >= 0 ? best + 1 : 20 + i * 12 + s,
      updatedAt: seededAt,
    });
  }),
);
