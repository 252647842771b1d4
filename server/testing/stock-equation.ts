import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { call } from './test-shop';

/** Every placed order, through the staff list. */
export const storedOrders = async (base: string, staff: string): Promise<Order[]> => {
  const all: Order[] = [];
  for (let skip = 0; ; skip += 200) {
    const { body } = await call<{ data: { items: Order[]; total: number } }>(base, '/api/orders/list', { params: { skip, limit: 200 } }, staff);
    all.push(...body.data.items);
    if (all.length >= body.data.total) return all;
  }
};

/**
 * The stock equation, per product: what the catalogue says (`actual`) and what it must say (`expected`):
 * the count staff set, minus the units of every stored, uncancelled order.
 */
export const stockEquation = async (base: string, staff: string, initial: Record<string, number>) => {
  const orders = await storedOrders(base, staff);
  const rows: Record<string, { expected: number; actual: number }> = {};
  for (const [id, count] of Object.entries(initial)) {
    const sold = orders.filter((o) => o.status !== 'cancelled').flatMap((o) => o.lines).filter((l) => l.id === id).reduce((s, l) => s + l.count, 0);
    const { body } = await call<{ data: Product }>(base, '/api/items/get', { id }, staff);
    rows[id] = { expected: count - sold, actual: body.data.count };
  }
  return rows;
};

/** Sets a product's count as staff do, through /api/items/update. */
export const setStock = async (base: string, staff: string, id: string, count: number): Promise<void> => {
  const { body } = await call<{ data: Product }>(base, '/api/items/get', { id }, staff);
  const { updatedAt: _seen, ...item } = body.data;
  const answer = await call(base, '/api/items/update', { ...item, count }, staff);
  if (answer.status !== 200) throw new Error(`set stock ${answer.status} ${JSON.stringify(answer.body)}`);
};
