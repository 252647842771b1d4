import type { CartEntry } from '../../../schema/shop/cart';
import type { OrderDraft } from '../../../schema/studio/orders/order';
import type { Product } from '../../../schema/shop/product';
import { priceFactorOf } from '../../../schema/shop/size';

/**
 * «Повторить заказ»: the lines of a past order as cart lines at today's prices, for what is on sale now; the names of
 * what is not (gone from the catalogue, hidden or sold out) so the customer is told.
 */
export const repeatLines = (lines: OrderDraft['lines'], products: Map<string, Product>): { entries: CartEntry[]; missing: string[] } => {
  const entries: CartEntry[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const p = products.get(line.id);
    if (!p || !p.isActive || p.isHidden || p.count < 1) {
      missing.push(p?.name ?? 'товар, которого больше нет в каталоге');
      continue;
    }
    const letterSize = p.sizable ? (line.letterSize ?? 'M') : undefined;
    entries.push({
      id: p.id, art: p.art, name: p.name, image: p.images[0]?.url ?? '', price: p.price, discountPrice: p.discountPrice,
      letterSize, priceFactor: letterSize ? priceFactorOf(letterSize) : 1, count: Math.min(line.count, p.count),
    });
  }
  return { entries, missing };
};
