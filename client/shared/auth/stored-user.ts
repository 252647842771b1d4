import { user as userSchema, type User } from '../../../schema/shared/user';

/** The last known user, so a reload without network still knows who is signed in. */
export const userKey = 'shop:user';
const key = userKey;

export const readStoredUser = (): User | null => {
  try {
    const parsed = userSchema.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const storeUser = (u: User | null): void => (u ? localStorage.setItem(key, JSON.stringify(u)) : localStorage.removeItem(key));
