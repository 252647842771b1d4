import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { call } from './test-shop';
import { orderAtOnce, signInAll, testCustomer } from './order-rush';
import { setStock, storedOrders } from './stock-equation';
import type { DocWrite } from './couch-stand-in';

/** A GET to a CouchDB address that may carry credentials (Node's fetch takes them only as a header). */
const couchGet = async <T>(url: string): Promise<T> => {
  const address = new URL(url);
  const headers: Record<string, string> = {};
  if (address.username) headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(address.username)}:${decodeURIComponent(address.password)}`).toString('base64')}`;
  address.username = address.password = '';
  const answer = await fetch(address.href, { headers });
  if (!answer.ok) throw new Error(`GET ${address.pathname}: ${answer.status}`);
  return (await answer.json()) as T;
};

/** Documents of these databases that still have conflict branches, as `{db}/{id}`. */
export const branchedDocs = async (couchUrl: string, dbs: string[]): Promise<string[]> => {
  const base = couchUrl.endsWith('/') ? couchUrl : `${couchUrl}/`;
  const found: string[] = [];
  for (const db of dbs) {
    const { rows } = await couchGet<{ rows: { id: string; doc?: { _conflicts?: string[] } }[] }>(`${base}${db}/_all_docs?include_docs=true&conflicts=true`);
    found.push(...rows.filter((r) => r.doc?._conflicts?.length).map((r) => `${db}/${r.id}`));
  }
  return found;
};

/**
 * A rush of orders through two app servers: `customers` new customers (numbered from `firstCustomer`), three
 * orders each at once, of three bouquets set to 30 units each. Answers every status, the stock equation of this
 * rush (what the catalogue says and what it must say: 30 minus the units of the orders this rush placed, which
 * works on a store that already holds orders), the numbers of every stored order and how many this rush placed,
 * and how long signing in and ordering took (for bench/cluster-rush.ts; tests assert no timing).
 */
/**
 * The writes a rush's stand-in splits, as a cluster whose copies each took one of two racing writers: every write that
 * would be a 409 is answered 202 and kept as a conflict branch, and every seventh other write of orders, numbers and
 * the catalogue is a 202 too (a lone split of a hold is server/stock/hold-quorum.test.ts's case).
 */
export const rushSplits = () => {
  let writes = 0;
  return (w: DocWrite) => ['stock', 'counters', 'orders', 'catalog'].includes(w.db) && (w.wouldConflict || (w.db !== 'stock' && ++writes % 7 === 0));
};

/**
 * How long after the rush a store of several copies is given to merge branches nobody saw when writing (a 202
 * writer's lone leaf beside a 201 write; server/db/claim.ts `Rivals`): the grace, then one merge and projection.
 */
export const settleMs = 5_000;

export const rushOrders = async (a: string, b: string, staff: string, firstCustomer: number, customers = 40, settle = 0) => {
  const { body } = await call<{ data: { items: Product[] } }>(a, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const bouquets = body.data.items.filter((p) => p.itemType === 'bouquet').slice(3, 6).map((p) => p.id);
  const before = new Set((await storedOrders(a, staff)).map((o) => o.id));
  for (const id of bouquets) await setStock(b, staff, id, 30);
  const urlOf = (i: number) => (i % 2 ? b : a);
  const phones = Array.from({ length: customers }, (_, i) => testCustomer(firstCustomer + i));
  let started = performance.now();
  const cookies = await signInAll(urlOf, phones);
  const signInMs = performance.now() - started;
  started = performance.now();
  const statuses = await orderAtOnce(urlOf, cookies, phones, bouquets, 3);
  const ordersMs = performance.now() - started;
  if (settle) await new Promise((r) => setTimeout(r, settle));
  const orders = await storedOrders(b, staff);
  const placed = orders.filter((o: Order) => !before.has(o.id));
  const stock: Record<string, { expected: number; actual: number }> = {};
  for (const id of bouquets) {
    const sold = placed.flatMap((o) => o.lines).filter((l) => l.id === id).reduce((s, l) => s + l.count, 0);
    const item = await call<{ data: Product }>(a, '/api/items/get', { id }, staff);
    if (item.status !== 200) throw new Error(`items/get ${id}: ${item.status} ${JSON.stringify(item.body)}`);
    stock[id] = { expected: 30 - sold, actual: item.body.data.count };
  }
  return { statuses, stock, numbers: orders.map((o) => o.number), placed: placed.length, signInMs, ordersMs };
};
