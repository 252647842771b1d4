/** What `chimeOnce` needs of the browser: Web Locks and a storage every tab of the origin shares. */
export interface TabsShare {
  locks?: Pick<LockManager, 'request'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

const chimedKey = 'board:chimed';
/** Orders remembered as announced: enough for a rush, small enough to rewrite on every arrival. */
const remembered = 50;

const chimedIds = (storage: TabsShare['storage']): string[] => {
  try {
    const list: unknown = JSON.parse(storage?.getItem(chimedKey) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Every open board tab sees a new order arrive (the device's database is shared by the tabs), but the studio
 * should hear it once: the first tab to take the order's lock and find it not yet announced plays the chime.
 * Without Web Locks (an old browser) each tab decides alone, as before.
 */
export const chimeOnce = async (orderId: string, play: () => void, share: TabsShare): Promise<void> => {
  const announce = () => {
    const ids = chimedIds(share.storage);
    if (ids.includes(orderId)) return;
    try {
      share.storage?.setItem(chimedKey, JSON.stringify([...ids, orderId].slice(-remembered)));
    } catch {
      // No storage (a private window): this tab still plays.
    }
    play();
  };
  if (!share.locks) return announce();
  await share.locks.request(`board-chime:${orderId}`, async () => announce());
};
