import crypto from 'node:crypto';
import { getDoc, removeDoc } from '../db/docs';
import { keyedHash } from './secret';
import { readAgainAfter, sessionReadMs } from './read-again';

interface SessionDoc {
  phone: string;
  expiresAt: number;
}

/** Sessions live in the auth database under a hash of their token: a leaked database opens no session. */
export const sessions = (auth: PouchDB.Database, secret: string, ttlMs: number) => {
  const id = (token: string) => `session:${keyedHash(secret, token)}`;
  const read = readAgainAfter<SessionDoc | null>(sessionReadMs);
  return {
    async start(phone: string): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await auth.put({ _id: id(token), phone, expiresAt: Date.now() + ttlMs } satisfies SessionDoc & { _id: string });
      return token;
    },
    async phoneOf(token: string): Promise<string | null> {
      const key = id(token);
      const doc = await read.get(key, () => getDoc<SessionDoc>(auth, key));
      return doc && doc.expiresAt > Date.now() ? doc.phone : null;
    },
    async end(token: string): Promise<void> {
      read.forget(id(token));
      await removeDoc(auth, id(token));
      read.forget(id(token));
    },
  };
};
export type Sessions = ReturnType<typeof sessions>;
