import type { ShopConfig } from './config';
import { openStorage, type Storage } from './db/storage';
import { loadSecret } from './auth/secret';
import { smsSender, type SmsSender } from './auth/sms';
import { oneTimeCodes, type OneTimeCodes } from './auth/codes';
import { sessions, type Sessions } from './auth/sessions';
import { users, type Users } from './auth/users';
import { qrTickets, type QrTickets } from './auth/qr-tickets';
import { readSmsGateway } from './studio/shop-settings';

/** What every part of the server is given: the databases and the services built on them. */
export interface Shop {
  config: ShopConfig;
  storage: Storage;
  /** Server-only databases: never reachable through /db. */
  auth: PouchDB.Database;
  sms: SmsSender;
  codes: OneTimeCodes;
  sessions: Sessions;
  users: Users;
  qr: QrTickets;
}

/** `storage`: one the caller opened already (start-up reads the data version before anything is written). */
export const openShop = async (config: ShopConfig, storage: Storage = openStorage(config)): Promise<Shop> => {
  const auth = storage.db('auth');
  const secret = await loadSecret(auth);
  const sms = smsSender(config, auth, () => readSmsGateway(storage));
  return {
    config,
    storage,
    auth,
    sms,
    codes: oneTimeCodes(auth, secret, sms, config),
    sessions: sessions(auth, secret, config.sessionTtlMs),
    users: users(storage.db('users')),
    qr: qrTickets(auth, secret),
  };
};
