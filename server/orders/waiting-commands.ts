import { tierDatabases } from '../../schema/shared/databases';
import { orderCommandEntity } from '../../schema/entities/order-command';
import type { Storage } from '../db/storage';
import { upsert } from '../db/docs';

/**
 * Order commands still waiting for their outcome, counted by a view of the office database (plain CouchDB and PouchDB
 * alike): /metrics asks on every scrape, and the office database holds every stock fact and record of the studio's
 * years, which a scan would read each time. The view is built once and kept up incrementally by the store.
 * Devices never see it: the gateway leaves `_design/` documents out of what it sends them.
 */
const designId = '_design/commands';
const view = 'commands/waiting';
const design = {
  views: {
    waiting: {
      map: `function (doc) { if (doc.type === '${orderCommandEntity.type}' && doc.data && doc.data.outcome === undefined) emit(null, null); }`,
      reduce: '_count',
    },
  },
  language: 'javascript',
};

const officeDb = (storage: Storage) => storage.db(tierDatabases[orderCommandEntity.tier]);

/** Writes the view once per store (every app server calls it at start; the same content is not written again). */
export const ensureWaitingCommandsView = async (storage: Storage): Promise<void> => {
  await upsert<object>(officeDb(storage), designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(design.views) ? null : design));
};

export const countWaitingCommands = async (storage: Storage): Promise<number> => {
  const { rows } = await officeDb(storage).query(view, { reduce: true });
  const value: unknown = rows[0]?.value;
  return typeof value === 'number' ? value : 0;
};
