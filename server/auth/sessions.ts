import crypto from 'node:crypto';
import { getDoc, removeDoc } from '../db/docs';
import { keyedHash } from './secret';

interface SessionDoc {
  phone: string;
  expiresAt: number;
}

/** Sessions live in the auth database under a hash of their token: a leaked database opens no session. */
export const sessions = (auth: PouchDB.Database, secret: string, ttlMs: number) => {
  const id = (token: string) => `session:${keyedHash(secret, token)}`;
  return {
    async start(phone: string): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await auth.put({ _id: id(token), phone, expiresAt: Date.now() + ttlMs } satisfies SessionDoc & { _id: string });
      return token;
    },
    async phoneOf(token: string): Promise<string | null> {
      const doc = await getDoc<SessionDoc>(auth, id(token));
      return doc && doc.expiresAt > Date.now() ? doc.phone : null;
    },
    end: (token: string) => removeDoc(auth, id(token)),
  };
};
export type Sessions = ReturnType<typeof sessions>;
