import { tierDatabases } from '../../schema/shared/databases';
import { receiptTarget, type ReceiptTarget } from '../../schema/studio/receipts/receipt';
import { getDoc, upsert } from '../db/docs';
import type { Storage } from '../db/storage';
import { log } from '../ops/log';

/**
 * The registers receipts were handed to (DECISIONS «A receipt stays with its register»): a receipt is stamped with its
 * register's key when a sender first takes it to send, and is sent again, polled and registered there whatever the
 * admin chooses later. The key names the register without a secret (ATOL Online: its address, group and login; the
 * counter's: the driver's address); what reaching it needs (ATOL's password) is kept beside the admin's choice in the
 * server-only admin database, one document a register, never on a device or in the log.
 */
export const registerKey = (t: ReceiptTarget): string => {
  switch (t.kind) {
    case 'server':
    case 'none':
    case 'yookassa':
      // The server's configuration and YooKassa (the shop's payment keys) are read from the configuration when used.
      return t.kind;
    case 'atol':
      return `atol:${t.apiUrl.replace(/\/+$/, '')}|${t.group}|${t.login}`;
    case 'atol-local':
      return `atol-local:${t.url.replace(/\/+$/, '')}`;
  }
};

const docId = (key: string) => `receipt-register:${key}`;

/** Keeps what reaching the register `t` needs under its key (written when it changed: a new ATOL password). */
export const keepRegister = async (storage: Storage, t: ReceiptTarget): Promise<string> => {
  const key = registerKey(t);
  if (t.kind === 'atol' || t.kind === 'atol-local')
    await upsert<{ target: ReceiptTarget }>(storage.db(tierDatabases.admin), docId(key), (doc) => {
      const kept = doc ? receiptTarget.safeParse(doc.target) : null;
      return kept?.success && JSON.stringify(kept.data) === JSON.stringify(t) ? null : { target: t };
    });
  return key;
};

/** The register a stamp names, or null when it is not known (its document lost). */
export const registerOf = async (storage: Storage, key: string): Promise<ReceiptTarget | null> => {
  if (key === 'server' || key === 'yookassa') return { kind: key };
  const doc = await getDoc<{ target?: unknown }>(storage.db(tierDatabases.admin), docId(key));
  if (!doc) return null;
  const parsed = receiptTarget.safeParse(doc.target);
  if (parsed.success) return parsed.data;
  log.error(`the register of receipts ${key.split(':')[0] ?? ''} does not parse`);
  return null;
};
