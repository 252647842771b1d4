import { product, type Product } from '../../schema/product';
import { shelves } from './catalogue-lines';

const artPrefix: Record<Product['itemType'], string> = { bouquet: 'B', plant: 'P', vase: 'V', gift: 'G', flower: 'F' };
const seededAt = Date.UTC(2026, 10, 1);

/** The demo catalogue: built from compact lines, the same on every start. */
export const demoProducts: Product[] = shelves.flatMap((shelf, s) =>
  shelf.lines.map(([name, price, discount, stock, tags, composition], i) => {
    const n = s * 10 + i + 1;
    const id = `p-${String(n).padStart(3, '0')}`;
    return product.parse({
      id,
      art: `${artPrefix[shelf.itemType]}-${1000 + n}`,
      name,
      description: `${shelf.blurb} ${name.replace(/«|»/g, '')} — один из самых любимых наших подарков.`,
      composition,
      images: [1, 2, 3].slice(0, 2 + (n % 2)).map((k) => ({ url: `/img/${shelf.image}/${id}-${k}.svg` })),
      price,
      discountPrice: discount || undefined,
      count: stock,
      category: shelf.category,
      itemType: shelf.itemType,
      tags: tags.split(' '),
      shownOn: [i < 2 ? 'home' : '', i === 0 ? 'bestsellers' : '', n % 4 === 0 ? 'recepty' : ''].filter(Boolean),
      isActive: !(s === 3 && i === 5),
      isHidden: s === 2 && i === 5,
      sizable: shelf.sizable,
      rank: (i * 13 + s * 7) % 97,
      updatedAt: seededAt,
    });
  }),
);
