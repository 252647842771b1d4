import { page, type Page } from '../../schema/shop/page';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { getSynced, toSynced } from '../db/synced';
import { HttpError } from '../http/errors';

/** The fields of a page that carry a setting of the shop, each on a document of its own. */
type SettingField = 'catalogSetup' | 'homeCopy' | 'navigation';

interface Saved<T> {
  value: T;
  /** When it was saved; 0 while the shop still shows the defaults. */
  updatedAt: number;
}

/**
 * One setting of the shop kept in the pages store (as the studio's profile is): read from the store on every call,
 * since several app servers share one store, and saved only over the version the editor read (else 409 with
 * `stale`, and the screen reads it again).
 */
export const pageSetting = <F extends SettingField>(spec: { id: string; field: F; title: string; defaults: NonNullable<Page[F]>; stale: string }) => {
  type T = NonNullable<Page[F]>;
  return {
    async read(shop: Shop): Promise<Saved<T>> {
      const stored = await getSynced<Page>(shop.storage.db('pages'), spec.id);
      const value = stored?.[spec.field] as T | undefined;
      return stored && value ? { value, updatedAt: stored.updatedAt } : { value: spec.defaults, updatedAt: 0 };
    },

    async save(shop: Shop, value: T, readAt: number): Promise<Saved<T>> {
      const now = Date.now();
      const saved = await upsert<Omit<Page, 'id'>>(shop.storage.db('pages'), spec.id, (current) => {
        if ((current?.[spec.field] ? current.updatedAt : 0) !== readAt) throw new HttpError(409, spec.stale);
        return toSynced(page.parse({ id: spec.id, key: spec.id, value: { title: spec.title }, [spec.field]: value, updatedAt: Math.max(now, readAt + 1) }));
      });
      return { value, updatedAt: saved?.updatedAt ?? now };
    },
  };
};
