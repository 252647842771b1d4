import { lineSum } from '../../schema/cart';
import type { Order, OrderDraft } from '../../schema/order';
import { unitPrice, type Product } from '../../schema/product';
import { priceFactorOf } from '../../schema/size';
import { HttpError } from '../http/errors';

/** Lines priced from the catalogue; the draft carries no prices. Throws a Russian 4xx for anything not for sale. */
export const priceLines = (draft: OrderDraft, products: Map<string, Product>): Order['lines'] =>
  draft.lines.map((line) => {
    const p = products.get(line.id);
    if (!p || !p.isActive || p.isHidden) throw new HttpError(409, 'Товар больше не продаётся — удалите его из корзины');
    // The catalogue's count is a projection of the stock ledger: a quick refusal here, the ledger decides later.
    if (line.count > p.count) throw new HttpError(409, `«${p.name}»: в наличии ${p.count} шт.`);
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
