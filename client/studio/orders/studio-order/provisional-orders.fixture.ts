import { product, type Product } from '../../../../schema/shop/product';

/** One bouquet of the catalogue, as the device holds it. */
export const sampleProducts = new Map<string, Product>([
  ['p-001', product.parse({ id: 'p-001', art: 'B-001', name: 'Прованс', images: [{ url: '/img/bouquet/1.svg' }], price: 4990, count: 5, category: 'authors', itemType: 'bouquet', updatedAt: 1 })],
]);
