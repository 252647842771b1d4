import { checkConfig, defaultConfig, type ShopConfig } from './config';
import { startShop } from './shop';
import { startDemoPayments } from './payments/demo-payments';
import { startDemoReceipts } from './receipts/demo-receipts';
import { NewerDataVersion, newerDataExitCode } from './ops/data-version';

const refuse = (message: string, code = 1): never => {
  console.error(message);
  process.exit(code);
};

const demoBanner = (config: ShopConfig, testPayments: boolean) =>
  [
    '',
    '='.repeat(78),
    '  ДЕМО-РЕЖИМ / DEMO MODE (SHOP_MODE=demo)',
    ...(config.smsGatewayUrl
      ? []
      : [
          '  Коды входа печатаются в журнал и выдаются любому по GET /api/dev/last-code:',
          '  не принимайте здесь настоящие заказы. Боевой запуск: SHOP_MODE=production и SMS_GATEWAY_URL.',
          '  Sign-in codes are printed here and served to anyone at GET /api/dev/last-code:',
          '  take no real orders here. Production: SHOP_MODE=production with SMS_GATEWAY_URL.',
        ]),
    ...(testPayments
      ? [
          '  Онлайн-оплата — тестовая (заглушка ЮKassa на 127.0.0.1): деньги не списываются.',
          '  Online payment is a test one (a YooKassa stand-in on 127.0.0.1): no money moves.',
        ]
      : []),
    ...(config.receipts?.provider === 'atol' && config.receipts.login === 'demo-login'
      ? ['  Чеки уходят в тестовую кассу (заглушка АТОЛ Онлайн на 127.0.0.1) / receipts go to an ATOL stand-in.']
      : []),
    '='.repeat(78),
    '',
  ].join('\n');

let config: ShopConfig;
try {
  config = defaultConfig();
  checkConfig(config);
} catch (e) {
  config = refuse((e as Error).message);
}
const demoPayments = await startDemoPayments(config);
if (demoPayments) config = demoPayments.config;
const demoReceipts = await startDemoReceipts(config);
if (demoReceipts) config = demoReceipts.config;
if (config.mode === 'demo') console.log(demoBanner(config, !!demoPayments));

const running = await startShop(config).catch((e: Error) =>
  // A store of a newer release's data: its own exit code, which systemd does not restart (ops/systemd/shop@.service).
  e instanceof NewerDataVersion ? refuse(e.message, newerDataExitCode) : refuse(`Магазин не запустился / the shop did not start: ${e.message}`),
);
demoPayments?.connect(running.url);
console.log(`Цветочная мастерская: ${running.url.replace('127.0.0.1', 'localhost')} (данные: ${config.couchUrl ? 'CouchDB' : config.dataDir})`);

const stop = async () => {
  await running.close();
  await demoPayments?.close();
  await demoReceipts?.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
