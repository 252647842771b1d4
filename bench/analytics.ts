import { startTestShop, call, demoPhones, signIn } from '../server/testing/test-shop';
import { allStudioFacts } from '../server/analytics/studio-facts';
import { analyticsReport, type AnalyticsReport } from '../schema/studio/reports/analytics-report';
import { allDocs } from '../server/db/docs';
import { median, row, timed } from './load';

const year = 2030;
const dayOf = (i: number) => new Date(Date.UTC(year, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);

/** An order as the order service stores it, in the year's days in turn; every tenth cancelled. */
const benchOrder = (i: number) => {
  const id = `bench-order-${String(i).padStart(6, '0')}`;
  const price = 2000 + (i % 40) * 100;
  const count = 1 + (i % 3);
  const customer = `7900${String(i % 20_000).padStart(7, '0')}`;
  return {
    _id: id,
    id,
    lines: [{ id: `p-${String(i % 300).padStart(3, '0')}`, art: 'B-1', name: `Букет ${i % 300}`, image: '', count, price, priceFactor: 1, sum: price * count }],
    sender: { name: 'Покупатель', phone: customer },
    recipient: { name: 'Получатель', phone: '79550009999' },
    delivery: { method: 'pickup' },
    date: dayOf(i),
    slot: '12:00–15:00',
    postcard: '',
    anonymous: false,
    comment: '',
    payment: 'cash',
    number: i + 1,
    customer,
    deliveryPrice: 0,
    total: price * count,
    status: i % 10 === 0 ? 'cancelled' : 'done',
    source: (['site', 'phone', 'showcase', 'marketplace'] as const)[i % 4],
    paid: { status: 'paid', method: (['cash', 'card', 'online'] as const)[i % 3] },
    createdAt: i,
    updatedAt: i,
    stage: 'placed',
    attempt: 0,
  };
};

/** The assembly slip of every other order (the rest have no tech card), as a device's replication stores it. */
const benchSlip = (i: number) => ({
  _id: `asm-bench-order-${String(i).padStart(6, '0')}`,
  type: 'slip',
  v: 1,
  title: 'Сборка',
  day: dayOf(i),
  createdBy: demoPhones.florist,
  createdAt: i,
  updatedBy: demoPhones.florist,
  updatedAt: i,
  data: {
    day: dayOf(i),
    warehouse: 'wh-main',
    order: `bench-order-${String(i).padStart(6, '0')}`,
    note: '',
    lines: [
      { flower: `fl-${i % 50}`, qty: 5 + (i % 7), reason: 'assembly', cost: 80 },
      { flower: 'fl-ribbon', qty: 1, reason: 'assembly', cost: 30 },
    ],
  },
});

/**
 * /admin/analytics over a year of `n` orders (half of them with an assembly slip): the whole report, read from the
 * stored documents and computed, beside a plain pass over the same documents in the same run (read them all, sum
 * the totals of the year's orders not cancelled): what the report costs above reading what it must read.
 */
export const benchAnalyticsYear = async (n = 50_000, runs = 5) => {
  const shop = await startTestShop();
  const orders = shop.shop.storage.db('orders');
  const office = shop.shop.storage.db('office');
  for (let i = 0; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, (_, k) => i + k);
    await orders.bulkDocs(batch.map(benchOrder));
    await office.bulkDocs(batch.filter((k) => k % 2 === 0).map(benchSlip));
  }
  const body = { from: `${year}-01-01`, to: `${year}-12-31` };
  const expected = Array.from({ length: n }, (_, i) => benchOrder(i)).filter((o) => o.status !== 'cancelled');
  const revenue = expected.reduce((s, o) => s + o.total, 0);
  // Through the API once, to check the figures and the admin's access (the sums by day take the year’s new documents: once).
  const admin = await signIn(shop.url, demoPhones.admin);
  const plainPass = () =>
    Promise.all([allDocs<{ status?: string; total?: number; date?: string }>(orders), allDocs<object>(office), allDocs<object>(shop.shop.storage.db('catalog'))]).then(([docs]) =>
      docs.reduce((s, d) => s + (d.status !== 'cancelled' && d.date?.startsWith(`${year}-`) ? (d.total ?? 0) : 0), 0),
    );
  const [once] = await timed(plainPass);
  const [first, answer] = await timed(() => call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', body, admin));
  row(`analytics: sums by day take ${n} new orders (once)`, `${first.toFixed(0)} ms`, 'the same documents read and summed', `${once.toFixed(0)} ms`, first / once);
  if (answer.body.data?.current.revenue !== revenue || answer.body.data.current.orders !== expected.length)
    throw new Error(`/api/analytics/report answered ${JSON.stringify(answer.body).slice(0, 300)}`);
  const report: number[] = [];
  const plain: number[] = [];
  const everything: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Through the API: the sums by day, and the stock’s worth from the app server’s projection.
    const [t, r] = await timed(() => call<{ data: AnalyticsReport }>(shop.url, '/api/analytics/report', body, admin));
    if (r.body.data.current.revenue !== revenue) throw new Error(`report: revenue ${r.body.data.current.revenue}, expected ${revenue}`);
    report.push(t);
    // The report as it was before issue 32: every stored fact read (here, every stock move read for the stock's worth too).
    const [e] = await timed(async () => analyticsReport(await allStudioFacts(shop.shop.storage), body));
    everything.push(e);
    const [b, sum] = await timed(plainPass);
    if (sum !== revenue) throw new Error(`plain pass: ${sum}, expected ${revenue}`);
    plain.push(b);
  }
  row(`analytics, a year of ${n} orders (median of ${runs})`, `${median(report).toFixed(0)} ms`, 'the same documents read and summed', `${median(plain).toFixed(0)} ms`, median(report) / median(plain));
  row(`analytics reading every fact (before issue 32)`, `${median(everything).toFixed(0)} ms`, 'the same documents read and summed', `${median(plain).toFixed(0)} ms`, median(everything) / median(plain));
  await shop.close();
};
