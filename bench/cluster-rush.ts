import { startCouchStandIn } from '../server/testing/couch-stand-in';
import { rushOrders, rushSplits } from '../server/testing/cluster-rush';
import { startServerProcess, testEnv } from '../server/testing/server-process';
import { demoPhones, signIn } from '../server/testing/test-shop';
import { row } from './load';

type Rush = Awaited<ReturnType<typeof rushOrders>>;

/** A rush through two app server processes on one CouchDB address each (the same one on the stand-in). */
const rushThrough = async (first: string, second: string, firstCustomer: number, customers: number, splitting?: () => void): Promise<Rush> => {
  const [a, b] = await Promise.all([startServerProcess({ ...testEnv, COUCHDB_URL: first }), startServerProcess({ ...testEnv, COUCHDB_URL: second })]);
  try {
    const staff = await signIn(a.url, demoPhones.manager);
    splitting?.();
    const rush = await rushOrders(a.url, b.url, staff, firstCustomer, customers);
    const failed = rush.statuses.filter((s) => s >= 500).length;
    if (failed) console.log(`  (${failed} of ${rush.statuses.length} orders answered 5xx)`);
    return rush;
  } finally {
    await a.stop();
    await b.stop();
  }
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The cluster rush of server/two-processes.test.ts at its full size (40 customers signing in at once, then 3 orders
 * each at once, through two app servers), timed: the test runs a smaller one and asserts no timing. Beside it, the
 * same rush on the stand-in with no write split. With `BENCH_COUCHDB_URL` (and `BENCH_COUCHDB_URL2`, one app server per
 * node) the rush also runs against that real cluster; its databases keep earlier runs' orders, which is fine.
 */
export const benchClusterRush = async (customers = 40) => {
  const couch = await startCouchStandIn();
  try {
    const plain = await rushThrough(couch.url, couch.url, 700_000, customers);
    const split = await rushThrough(couch.url, couch.url, 710_000, customers, () => couch.splitWrites(rushSplits()));
    couch.splitWrites(null);
    const report = (what: string, rush: Rush) => {
      row(`${what}: ${customers} sign-ins`, seconds(rush.signInMs), 'stand-in, no write split', seconds(plain.signInMs), plain.signInMs / rush.signInMs);
      row(`  then ${rush.statuses.length} orders at once`, seconds(rush.ordersMs), 'stand-in, no write split', seconds(plain.ordersMs), plain.ordersMs / rush.ordersMs);
    };
    report('rush, stand-in splitting', split);
    const real = process.env.BENCH_COUCHDB_URL;
    if (real) report('rush, real CouchDB', await rushThrough(real, process.env.BENCH_COUCHDB_URL2 ?? real, 100_000 + Math.floor(Math.random() * 800_000), customers));
  } finally {
    await couch.close();
  }
};
