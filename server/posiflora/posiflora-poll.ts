import type { Shop } from '../context';
import { claim } from '../db/claim';
import { posifloraImport } from './posiflora-import';
import { posifloraDb, posifloraStore } from './posiflora-store';
import { log } from '../ops/log';

/** Posiflora has no webhooks: changes are asked for this often. */
const pollEveryMs = 15 * 60_000;

/**
 * Every app server looks every 15 minutes; the one that claims the quarter-hour's slot (first writer wins) runs the
 * import, so two servers never import the same changes twice at once.
 */
export const pollPosiflora = (shop: Shop): (() => void) => {
  const importer = posifloraImport(shop);
  const tick = async () => {
    if (!(await posifloraStore(shop.storage).account())) return;
    const slot = Math.floor(Date.now() / pollEveryMs);
    if (!(await claim(shop.storage.db(posifloraDb), `poll-${slot}`, { at: Date.now() }))) return;
    await importer.run('');
  };
  const timer = setInterval(() => void tick().catch((e: Error) => log.error({ err: e }, 'posiflora poll failed')), pollEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};
