import type { TestShop } from '../e2e/harness';
import { requestsPerSecond, row } from './load';

/**
 * /api/items/list under concurrent load, beside the same documents read straight from express-pouchdb
 * (POST /db/catalog/_all_docs), so the figure says what our API layer costs on this machine.
 */
export const benchItemsList = async (shop: TestShop, products: number, concurrency = 16, ms = 4000) => {
  const json = { 'content-type': 'application/json' };
  const api = () => fetch(`${shop.url}/api/items/list`, { method: 'POST', headers: json, body: JSON.stringify({ params: { skip: 0, limit: 20 }, query: {} }) });
  const couch = () => fetch(`${shop.url}/db/catalog/_all_docs?include_docs=true&limit=20`);
  await requestsPerSecond(api, 4, 300);
  const apiRate = await requestsPerSecond(api, concurrency, ms);
  const couchRate = await requestsPerSecond(couch, concurrency, ms);
  row(`/api/items/list, ${products} items, ${concurrency} clients`, `${apiRate.toFixed(0)} req/s`, '/db/catalog/_all_docs limit 20', `${couchRate.toFixed(0)} req/s`, apiRate / couchRate);
};
