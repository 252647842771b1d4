import { lineSum } from '../../../../schema/shop/cart';
import { deliveryCost, type Order, type OrderDraft } from '../../../../schema/studio/orders/order';
import { defaultShopSettings, type ShopSettings } from '../../../../schema/studio/site/shop-settings';
import { unitPrice, type Product } from '../../../../schema/shop/product';
import { priceFactorOf, type LetterSize } from '../../../../schema/shop/size';

/**
 * The lines of an order being edited, as typed: the order's own lines (count, or 0 to take one out) and products
 * added from the device's catalogue (with a size where the product has sizes). Prices here are only the preview:
 * the server reprices every line from the catalogue when it applies the edit.
 */
export interface EditLine {
  id: string;
  name: string;
  /** As typed in the count field. */
  count: string;
  letterSize?: LetterSize;
  /** One unit's catalogue price before the size's factor: the order's price for its own lines. */
  price: number;
  /** Added here from the catalogue (not yet on the order): its size may still be chosen and it may be taken out. */
  added?: { sizable: boolean };
}

export const editLinesOf = (order: Pick<Order, 'lines'>): EditLine[] =>
  order.lines.map((l) => ({ id: l.id, name: l.name, count: String(l.count), price: l.price, ...(l.letterSize ? { letterSize: l.letterSize } : {}) }));

const sameLine = (a: Pick<EditLine, 'id' | 'letterSize'>, b: Pick<EditLine, 'id' | 'letterSize'>) => a.id === b.id && (a.letterSize ?? 'M') === (b.letterSize ?? 'M');

/** A product picked from the catalogue: one more of a line the order has in that size, else a new line of one. */
export const addProduct = (lines: readonly EditLine[], p: Pick<Product, 'id' | 'name' | 'price' | 'discountPrice' | 'sizable'>): EditLine[] => {
  const line: EditLine = { id: p.id, name: p.name, count: '1', price: unitPrice(p), ...(p.sizable ? { letterSize: 'M' as const } : {}), added: { sizable: p.sizable } };
  const i = lines.findIndex((l) => sameLine(l, line));
  if (i < 0) return [...lines, line];
  return lines.map((l, j) => (j === i ? { ...l, count: String(Math.min(999, (Math.trunc(Number(l.count)) || 0) + 1)) } : l));
};

/** What the edit command carries, unparsed (the schema says what is wrong): lines with a count of 0 are taken out. */
export const draftLines = (lines: readonly EditLine[]): OrderDraft['lines'] =>
  lines
    .map((l) => ({ id: l.id, count: Number(l.count), ...(l.letterSize ? { letterSize: l.letterSize } : {}) }))
    .filter((l) => l.count !== 0);

/** The preview said to the customer: goods as the cart prices them, delivery by the site's rule and settings. */
export const previewOf = (lines: readonly EditLine[], method: 'courier' | 'pickup', settings: Pick<ShopSettings, 'deliveryPrice' | 'freeDeliveryFrom'> = defaultShopSettings) => {
  const goods = lines.reduce((sum, l) => {
    const count = Number(l.count);
    return Number.isInteger(count) && count > 0 ? sum + lineSum({ count, price: l.price, priceFactor: priceFactorOf(l.letterSize) }) : sum;
  }, 0);
  const delivery = deliveryCost(method, goods, settings);
  return { goods, delivery, total: goods + delivery };
};
