import crypto from 'node:crypto';
import { getDoc } from '../db/docs';

/**
 * The key that codes and session tokens are hashed with. Kept in the auth database,
 * so every process on one CouchDB hashes alike; the first process to start creates it.
 */
export const loadSecret = async (auth: PouchDB.Database): Promise<string> => {
  const existing = await getDoc<{ value: string }>(auth, 'secret');
  if (existing) return existing.value;
  try {
    await auth.put({ _id: 'secret', value: crypto.randomBytes(32).toString('hex') });
  } catch (e) {
    if ((e as { status?: number }).status !== 409) throw e;
  }
  return (await getDoc<{ value: string }>(auth, 'secret'))!.value;
};

export const keyedHash = (secret: string, value: string): string =>
  crypto.createHmac('sha256', secret).update(value).digest('hex');
