import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { startCouchStandIn } from './couch-stand-in';
import { startServerProcess, testEnv } from './server-process';
import { call, demoPhones, signIn } from './test-shop';
import { startYookassaStandIn } from './yookassa-stand-in';

/**
 * Two app server processes on one CouchDB stand-in taking YooKassa's stand-in, each sweeping unpaid online orders every
 * three seconds (six to pay), with a customer and a florist signed in and a bouquet of at least five in stock.
 */
export const startPayingServers = async (customer: string) => {
  const couch = await startCouchStandIn();
  const yk = await startYookassaStandIn();
  const env = { ...testEnv, COUCHDB_URL: couch.url, YOOKASSA_SHOP_ID: yk.shopId, YOOKASSA_SECRET_KEY: yk.secretKey, YOOKASSA_API_URL: yk.apiUrl, ONLINE_PAYMENT_HOLD_MINUTES: '0.1' };
  const [a, b] = [await startServerProcess(env), await startServerProcess(env)];
  const [me, florist] = await Promise.all([signIn(a.url, customer), signIn(a.url, demoPhones.florist)]);
  const { body } = await call<{ data: { items: Product[] } }>(a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!.id;
  /** The order as the florist's list on that server shows it. */
  const stored = async (url: string, id: string) =>
    (await call<{ data: { items: Order[] } }>(url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  const stop = async () => {
    await Promise.all([a.stop(), b.stop()]);
    await yk.close();
    await couch.close();
  };
  return { couch, yk, a, b, me, florist, bouquet, stored, stop };
};

export type PayingServers = Awaited<ReturnType<typeof startPayingServers>>;
