import { counterRegisterOf, type CounterRegister } from '../../schema/studio/receipts/receipt';
import { addressOf } from '../../schema/shop/address';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';
import { readProviderChoice } from './receipts';
import { defaultReceiptSettings } from '../../schema/studio/receipts/receipt';

/** The origin a counter register's address connects to (what the CSP names), or null for none or a malformed one. */
export const counterOrigin = (r: CounterRegister): string | null => {
  if (!r.url) return null;
  try {
    const u = new URL(r.url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * What a page's CSP lets it connect to beside its own origin: on a staff page (/admin…) the counter register's driver
 * when the admin chose one, so a staff device prints a counter sale through it while the server is away (issue 30,
 * item 2); never on the storefront. Read on every staff page, so a new choice applies from the next page opened; a
 * store that cannot be read now gives the page without it rather than no page.
 */
export const staffConnect = async (storage: Storage, path: string): Promise<readonly string[]> => {
  if (addressOf(path)?.kind !== 'admin') return [];
  try {
    const origin = counterOrigin(counterRegisterOf(await readProviderChoice(storage), defaultReceiptSettings));
    return origin ? [origin] : [];
  } catch (e) {
    log.error({ err: e }, 'receipts: the counter register not read, the staff page goes without it');
    return [];
  }
};
