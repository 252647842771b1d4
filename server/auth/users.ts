import { user as userSchema, type User } from '../../schema/shared/user';
import { allDocs, getDoc, stripMeta, upsert } from '../db/docs';
import { readAgainAfter, sessionReadMs } from './read-again';

/** Users by phone. A phone that signs in for the first time becomes a customer (no roles). */
export const users = (db: PouchDB.Database) => {
  const read = readAgainAfter<User | null>(sessionReadMs);
  const fresh = async (phone: string): Promise<User | null> => {
    const doc = await getDoc<User>(db, phone);
    return doc ? userSchema.parse(stripMeta(doc)) : null;
  };
  return {
    /**
     * The user as read at most a second ago (a change made here is seen at once, one made on another app server within
     * a second); `now`: read from the store now.
     */
    get: (phone: string, now = false): Promise<User | null> => (now ? fresh(phone) : read.get(phone, () => fresh(phone))),
    async signIn(phone: string): Promise<User> {
      const existing = await fresh(phone);
      if (existing) return existing;
      const created = userSchema.parse({ phone });
      await upsert<User>(db, phone, (c) => (c ? null : created));
      read.forget(phone);
      return (await fresh(phone))!;
    },
    async update(phone: string, change: Partial<Pick<User, 'name'>>): Promise<User> {
      await upsert<User>(db, phone, (c) => (c ? { ...stripMeta(c), ...change } : null));
      read.forget(phone);
      return (await fresh(phone))!;
    },
    /** Reads the user again at the next `get` here (their roles were changed: server/staff/staff-service.ts). */
    forget: (phone: string) => read.forget(phone),
    list: async () => (await allDocs<User>(db)).map((d) => userSchema.parse(stripMeta(d))),
  };
};
export type Users = ReturnType<typeof users>;
