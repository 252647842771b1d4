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
    /** The session's phone, null when it ended; `fresh` reads the store now, not what this process read a moment ago. */
    async phoneOf(token: string, fresh = false): Promise<string | null> {
      const key = id(token);
      if (fresh) read.forget(key);
      const doc = await read.get(key, () => getDoc<SessionDoc>(auth, key));
      return doc && doc.expiresAt > Date.now() ? doc.phone : null;
    },
    /**
     * Ends every session of a phone, on every device (a person removed from the staff, issue 20 item 3): their next
     * request here is a guest's, on another app server within `sessionReadMs`. Sessions are keyed by a hash of their
     * token, so this reads them all: a rare admin action, not a sign-in's path.
     */
    async endAllOf(phone: string): Promise<number> {
      const { rows } = await auth.allDocs<SessionDoc>({ startkey: 'session:', endkey: 'session:\ufff0', include_docs: true });
      const theirs = rows.filter((r) => r.doc?.phone === phone);
      theirs.forEach((r) => read.forget(r.id));
      if (theirs.length) await auth.bulkDocs(theirs.map((r) => ({ _id: r.id, _rev: r.value.rev, _deleted: true })));
      theirs.forEach((r) => read.forget(r.id));
      return theirs.length;
    },
    async end(token: string): Promise<void> {
      read.forget(id(token));
      await removeDoc(auth, id(token));
      read.forget(id(token));
    },
  };
};
export type Sessions = ReturnType<typeof sessions>;
