import type { Product } from '../../schema/product';
import { HttpError } from '../http/errors';
import { stripMeta, upsert } from './docs';

/** Units per product in an order's lines: two sizes of one bouquet draw on the same stock. */
const unitsByProduct = (lines: { id: string; count: number }[]) => {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.id, (units.get(l.id) ?? 0) + l.count);
  return units;
};

/**
 * The studio's stock in the catalogue. Each product is changed with conflict retry, so two orders for the last
 * bouquet, in one process or two, cannot both get it. `onChange` lets the caller drop its cached catalogue.
 */
export const stock = (catalog: PouchDB.Database, onChange: () => void) => {
  const move = async (id: string, delta: number): Promise<Product | null> => {
    let short: Product | null = null;
    await upsert<Omit<Product, 'id'>>(catalog, id, (p) => {
      if (!p) return null;
      if (p.count + delta < 0) {
        short = { ...stripMeta(p), id } as Product;
        return null;
      }
      return { ...stripMeta(p), count: p.count + delta, updatedAt: Date.now() };
    });
    return short;
  };

  const putBack = async (lines: { id: string; count: number }[]) => {
    for (const [id, n] of unitsByProduct(lines)) await move(id, n);
    onChange();
  };

  return {
    /** Takes every line's units out of stock, or none of them: a 409 names the product that ran short. */
    async take(lines: { id: string; count: number }[]): Promise<void> {
      const taken: { id: string; count: number }[] = [];
      for (const [id, n] of unitsByProduct(lines)) {
        const short = await move(id, -n);
        if (short) {
          await putBack(taken);
          throw new HttpError(409, `«${short.name}»: в наличии ${short.count} шт.`);
        }
        taken.push({ id, count: n });
      }
      onChange();
    },
    putBack,
  };
};
