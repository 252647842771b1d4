import { task } from '../../schema/entities/task';
import { tierDatabases } from '../../schema/shared/databases';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { dashboardTasks, todayTasks } from '../../schema/studio/orders/dashboard-snapshot';
import type { Storage } from '../db/storage';
import { upsert } from '../db/docs';
import { fromSynced } from '../db/synced';

/**
 * The dashboard's tasks read through a view of the office database (issue 32, item 1), not a scan of it: the office
 * holds every record and stock fact of the studio's years. Keyed by whether a task is done and its day, so the tasks
 * the dashboard lists (`todayTasks`: not done up to today, done today) are two key ranges. A design document, alike
 * on PouchDB and CouchDB, written once per store at start; devices never see it (the gateway leaves `_design/` out).
 */
const designId = '_design/today-tasks';
const view = 'today-tasks/by-done-day';
const design = {
  views: {
    'by-done-day': {
      map: `function (doc) { if (doc.type === '${task.type}' && typeof doc.day === 'string') emit([doc.data && doc.data.status === 'done' ? 1 : 0, doc.day], null); }`,
    },
  },
  language: 'javascript',
};

const officeDb = (storage: Storage) => storage.db(tierDatabases[task.tier]);

/** Writes the view once per store (every app server calls it at start; the same content is not written again). */
export const ensureTodayTasksView = async (storage: Storage): Promise<void> => {
  await upsert<object>(officeDb(storage), designId, (current) => (current && 'views' in current && JSON.stringify(current.views) === JSON.stringify(design.views) ? null : design));
};

/** The tasks the dashboard lists on `today` (the first `dashboardTasks`, and how many in all), read through the view. */
export const readTodayTasks = async (storage: Storage, today: string): Promise<{ tasks: OfficeRecord[]; total: number }> => {
  const db = officeDb(storage);
  const [open, done] = await Promise.all([
    db.query(view, { startkey: [0, ''], endkey: [0, today], include_docs: true }),
    db.query(view, { key: [1, today], include_docs: true }),
  ]);
  const records = [...open.rows, ...done.rows].flatMap((row) => {
    const parsed = row.doc ? officeRecord.safeParse(fromSynced<{ id: string }>(row.doc)) : null;
    return parsed?.success ? [parsed.data] : [];
  });
  const listed = todayTasks(records, today);
  return { tasks: listed.slice(0, dashboardTasks), total: listed.length };
};
