import { ensureClientPhoneIndex } from './clients/card-of-phone';
import { ensureWaitingCommandsView } from './orders/waiting-commands';
import { ensureTodayTasksView } from './records/today-tasks';
import { ensureCommandBudgetView } from './records/command-budget';
import { entities } from '../schema/entities';
import { ensureCalendarIndex } from './db/calendar-index';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { defaultConfig, type ShopConfig } from './config';
import { openShop, type Shop } from './context';
import { openStorage } from './db/storage';
import { checkDataVersion, dataVersion, raiseDataVersion, watchDataVersion } from './ops/data-version';
import { createApp } from './app';
import { catalogIndex } from './db/catalog-index';
import { changesHub } from './db/changes-hub';
import { seedDemo } from './seed';
import { ensureAdmin } from './seed/first-admin';
import { seedRefs } from './seed/refs';
import { dropForeignImages } from './seed/foreign-images';
import { orderService } from './orders/order-service';
import { orderCommands } from './orders/order-commands';
import { upgradeOrderCopies } from './orders/copies-upgrade';
import { commandProcessor } from './orders/command-processor';
import { stockProjection } from './stock/stock-projection';
import { bouquetStock } from './stock/bouquet-stock';
import { dbAccess } from '../schema/shared/databases';
import { ensureReceiptsViews, providerOfChoice, receiptSender, requeueLeftForRegister } from './receipts/receipts';
import { sweepEveryHour } from './auth/sweep';
import { sweepStudioOrdersHourly } from './orders/studio-sweep';
import { remindHourly } from './clients/reminders';
import { onlinePayments } from './payments/online-payments';
import { sweepOnlinePayments } from './payments/payment-sweep';
import { ensureRefundCopyViews, refundSender } from './payments/refunds';
import { refreshCustomerCopy } from './orders/spread';
import { pollPosiflora } from './posiflora/posiflora-poll';
import { backupNightly } from './ops/nightly-backup';
import { ensureStoreEpoch } from './ops/store-epoch';
import { shopIdentity } from './ops/backup';
import { ensureNoticesView } from './notices/outbox';
import { ensureVapidKeys, registerStaffPusher, staffPusher } from './push/staff-push';
import { noticeSender, sendNoticesEvery } from './notices/notice-sender';
import { drainable } from './http/drain';
import { log } from './ops/log';

/** How long a stopping app server lets the answers it began finish (systemd's TimeoutStopSec is 30 s). */
const drainMs = 10_000;

export interface RunningShop {
  url: string;
  port: number;
  shop: Shop;
  server: Server;
  close(): Promise<void>;
}

/** Opens the databases, seeds them on first start, settles what a crash left half-way, then serves the shop. Tests start it on port 0. */
export const startShop = async (overrides: Partial<ShopConfig> = {}): Promise<RunningShop> => {
  const config = { ...defaultConfig(), ...overrides };
  const ownVersion = config.dataVersion ?? dataVersion;
  const storage = openStorage(config);
  // Before anything is written: a store of a newer release's data is left as it is (server/ops/data-version.ts).
  await checkDataVersion(storage, ownVersion).catch(async (e: unknown) => {
    await storage.close();
    throw e;
  });
  const shop = await openShop(config, storage);
  await Promise.all(Object.keys(dbAccess).map((name) => shop.storage.db(name).info()));
  await ensureCalendarIndex(shop.storage.db('events'));
  await ensureClientPhoneIndex(shop.storage);
  await ensureWaitingCommandsView(shop.storage);
  await ensureTodayTasksView(shop.storage);
  await ensureCommandBudgetView(shop.storage.db('office'), entities);
  await ensureNoticesView(shop.storage);
  if (config.seed) await seedDemo(shop);
  await seedRefs(shop);
  if (config.adminPhone) await ensureAdmin(shop, config.adminPhone);
  // Pictures stored before their addresses were checked, from another host or not a path at all, are dropped.
  await dropForeignImages(shop);
  // Staff devices that allowed it are told of new site orders, cancellations and payments (issue 30, item 5).
  const pusher = staffPusher(shop.storage, shop.users, await ensureVapidKeys(shop.storage), {
    subject: config.publicOrigin?.startsWith('https:') ? config.publicOrigin : 'mailto:admin@localhost',
    ...(config.pushStandInOnLoopback ? { reach: { standInOnLoopback: true } } : {}),
    ...(config.pushRetryMs ? { retryMs: config.pushRetryMs } : {}),
  });
  registerStaffPusher(shop.storage, pusher);
  // Orders a crash left half-way are finished or refused, and every count re-projected, before anyone can order.
  const orders = orderService(shop);
  await orders.reconcile();
  // Copies and calendar events written before they were slimmed (DECISIONS «What a florist sees»), once.
  await upgradeOrderCopies(shop.storage, orders.list);
  const stopSweep = sweepEveryHour(shop.auth);
  const stopStudioSweep = await sweepStudioOrdersHourly(shop.storage);
  // Clients' birthdays and important dates coming soon: a calendar event and a task each.
  const stopReminders = await remindHourly(shop.storage);
  const commands = orderCommands(shop, orders);
  // Orders whose online payment ran out of time give their bouquets back, on every app server.
  const stopPaymentSweep = sweepOnlinePayments(onlinePayments(shop, orders, commands));
  // Fiscal receipts queued by the orders' changes go to the provider from every app server, each once (issue 30).
  await ensureReceiptsViews(shop.storage);
  await ensureRefundCopyViews(shop.storage);
  // A register set up in the environment since the last start (RECEIPTS_PROVIDER, ATOL_*) takes what was left with none.
  await requeueLeftForRegister(shop.storage, config);
  const stopReceipts = receiptSender(shop.storage, providerOfChoice(shop.storage, config), config.receiptsEveryMs ?? 2000, { devicePrintHoldMs: config.receiptsDeviceHoldMs }).start();
  // Refunds of online payments go back through YooKassa from every app server, each once (issue 30).
  const stopRefunds = refundSender(shop.storage, config, config.receiptsEveryMs ?? 2000, (order) => refreshCustomerCopy(shop.storage, order)).start();
  // Posiflora's changes since the last import, while an account is connected (it has no webhooks).
  const stopPosiflora = pollPosiflora(shop);
  // The night's copy of every database, taken by whichever app server claims the night first.
  const stopBackups = backupNightly(shop.storage, config);
  const hub = changesHub(shop.storage);
  const catalog = catalogIndex(shop.storage.db('catalog'), hub);
  // Stock balances and purchase prices: the sum of every stored stock-moving record, read from sequence 0.
  const stock = stockProjection(shop.storage, hub);
  // The command processor takes the office as the projection reads it (one read for both), its build included.
  const processor = commandProcessor(shop, commands, stock.docs);
  const stopStock = await stock.start();
  // Staff commands pushed while no server ran are applied before this one serves.
  const stopCommands = await processor.start();
  // Tech-card bouquets' counts: what their stems make, from now on and after every movement.
  const stopBouquets = await bouquetStock(shop.storage, stock, hub).start();
  // Read once: a restore happens with no shop running on the store, and the next start reads the new one.
  const epoch = await ensureStoreEpoch(shop.storage);
  // Named from the first start, so a restore of another shop's archive over this store is told apart (restore.ts).
  await shopIdentity(shop.storage);
  // Every start-up migration above is done: the store now holds this release's data (the first of two servers wins).
  const raisedVersion = await raiseDataVersion(shop.storage, ownVersion);
  // The loops that write stop at once if a newer release raises the marker while this one runs; `close` stops them too.
  let loopsHalted: Promise<void> | null = null;
  let stopNotices = async () => {};
  const haltLoops = () =>
    (loopsHalted ??= (async () => {
      stopSweep();
      await stopNotices();
      stopStudioSweep();
      stopReminders();
      stopPaymentSweep();
      await stopReceipts();
      await stopRefunds();
      stopPosiflora();
      stopBackups();
      await stopCommands();
      stopStock();
      stopBouquets();
    })());
  const versions = watchDataVersion(shop.storage, hub, ownVersion, raisedVersion, config.dataVersionEveryMs ?? 60_000, () => {
    log.error({ own: ownVersion }, 'data version of the store is newer than this server: it serves no /api or /db call and its loops stop');
    void haltLoops().catch((e: unknown) => log.error({ err: e }, 'loops of an outdated server not stopped'));
  });
  const server = createApp(shop, hub, catalog, stock, epoch, versions).listen(config.port);
  const http = drainable(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const port = (server.address() as AddressInfo).port;
  // The customers' SMS about their orders, sent by whichever app server takes each first.
  stopNotices = sendNoticesEvery(noticeSender(shop, () => config.publicOrigin ?? `http://localhost:${port}`), config.noticeEveryMs);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    shop,
    server,
    async close() {
      // Answers first, while everything they need still runs; then the loops, then the store.
      await http.drain(config.stopGraceMs, drainMs);
      versions.stop();
      await haltLoops();
      hub.close();
      await catalog.close();
      await pusher.settled();
      await shop.storage.close();
    },
  };
};
