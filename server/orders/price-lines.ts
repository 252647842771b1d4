import { lineSum } from '../../schema/shop/cart';
import type { Order, OrderDraft } from '../../schema/studio/orders/order';
import { unitPrice, type Product } from '../../schema/shop/product';
import { priceFactorOf } from '../../schema/shop/size';
import { bouquetGone } from '../../schema/studio/stock/bouquet-stock';
import { HttpError } from '../http/errors';

/**
 * Lines priced from the catalogue; the draft carries no prices. Throws a Russian 4xx for anything not for sale.
 * `own`: units of each product the order being edited already holds, which count as on the shelf for it.
 * `fromStems`: products whose count their tech card's stems decide; nothing left of one is «Этот букет только что закончился».
 */
export const priceLines = (draft: Pick<OrderDraft, 'lines'>, products: Map<string, Product>, own: ReadonlyMap<string, number> = new Map(), fromStems: ReadonlySet<string> = new Set()): Order['lines'] =>
  draft.lines.map((line) => {
    const p = products.get(line.id);
    if (!p || !p.isActive || p.isHidden) throw new HttpError(409, 'Товар больше не продаётся — удалите его из корзины');
    // The catalogue's count is a projection of the stock ledger: a quick refusal here, the ledger decides later.
    const left = p.count + (own.get(p.id) ?? 0);
    if (line.count > left) throw new HttpError(409, left === 0 && fromStems.has(p.id) ? bouquetGone : `«${p.name}»: в наличии ${left} шт.`);
    if (line.letterSize && !p.sizable) throw new HttpError(400, `«${p.name}» не бывает разных размеров`);
    const priceFactor = p.sizable ? priceFactorOf(line.letterSize) : 1;
    const price = unitPrice(p);
    return {
      id: p.id,
      art: p.art,
      name: p.name,
      image: p.images[0]?.url ?? '',
      count: line.count,
      ...(p.sizable && line.letterSize ? { letterSize: line.letterSize } : {}),
      price,
      priceFactor,
      sum: lineSum({ count: line.count, price, priceFactor }),
    };
  });
