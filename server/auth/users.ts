import { user as userSchema, type User } from '../../schema/user';
import { allDocs, getDoc, stripMeta, upsert } from '../db/docs';

/** Users by phone. A phone that signs in for the first time becomes a customer (no roles). */
export const users = (db: PouchDB.Database) => ({
  async get(phone: string): Promise<User | null> {
    const doc = await getDoc<User>(db, phone);
    return doc ? userSchema.parse(stripMeta(doc)) : null;
  },
  async signIn(phone: string): Promise<User> {
    const existing = await this.get(phone);
    if (existing) return existing;
    const created = userSchema.parse({ phone });
    await upsert<User>(db, phone, (c) => (c ? null : created));
    return (await this.get(phone))!;
  },
  async update(phone: string, change: Partial<Pick<User, 'name'>>): Promise<User> {
    await upsert<User>(db, phone, (c) => (c ? { ...stripMeta(c), ...change } : null));
    return (await this.get(phone))!;
  },
  list: async () => (await allDocs<User>(db)).map((d) => userSchema.parse(stripMeta(d))),
});
export type Users = ReturnType<typeof users>;
