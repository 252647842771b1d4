import crypto from 'node:crypto';
import { createIfMissing, getDoc } from '../db/docs';

/**
 * The key that codes and session tokens are hashed with. Kept in the auth database,
 * so every process on one CouchDB hashes alike; the first process to start creates it.
 */
export const loadSecret = async (auth: PouchDB.Database): Promise<string> => {
  const existing = await getDoc<{ value: string }>(auth, 'secret');
  if (existing) return existing.value;
  // The first process to start creates it; any other reads what that one wrote.
  await createIfMissing(auth, 'secret', { value: crypto.randomBytes(32).toString('hex') });
  return (await getDoc<{ value: string }>(auth, 'secret'))!.value;
};

export const keyedHash = (secret: string, value: string): string =>
  crypto.createHmac('sha256', secret).update(value).digest('hex');
