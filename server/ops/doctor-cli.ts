import { doctorReport, runDoctor } from './doctor';

/**
 * `npm run doctor [-- --url https://…]`: checks this machine's production configuration (the environment the app
 * server gets, e.g. `set -a; . /etc/shop/shop.env; npm run doctor`) and the running shop. Exit 1 when something must be fixed.
 */
const main = async () => {
  const at = process.argv.indexOf('--url');
  const shopUrl = at > 0 ? process.argv[at + 1] : process.env.DOCTOR_URL || undefined;
  const { text, mustFix } = doctorReport(await runDoctor(process.env, { shopUrl }));
  console.log(text);
  process.exit(mustFix ? 1 : 0);
};

main().catch((e: unknown) => {
  console.error(`Проверка не выполнена: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
});
