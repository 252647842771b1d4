import { startShop } from './shop';

const running = await startShop();
console.log(`Цветочная мастерская: ${running.url.replace('127.0.0.1', 'localhost')} (данные: ${running.shop.config.couchUrl ? 'CouchDB' : running.shop.config.dataDir})`);

const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
