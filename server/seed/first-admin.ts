import { user, type User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { stripMeta, upsert } from '../db/docs';

/**
 * `ADMIN_PHONE`: the phone that is made an admin at every start (created if it never signed in), so a shop started
 * without demo data has someone to sign in to the back-office. Roles it already has are kept.
 */
export const ensureAdmin = async (shop: Shop, phone: string): Promise<void> => {
  await upsert<User>(shop.storage.db('users'), phone, (doc) => {
    const current = doc ? user.parse(stripMeta(doc)) : user.parse({ phone });
    return current.roles.includes('admin') ? null : { ...current, roles: [...current.roles, 'admin'] };
  });
};
