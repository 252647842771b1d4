import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openStorage } from '../server/db/storage';
import { storeBackup, takeBackup } from '../server/ops/backup';
import { restoreShop } from '../server/ops/restore';
import { row, timed } from './load';

/**
 * A backup and a restore of 10,000 documents (office records' size), each beside what the store does raw with the
 * same documents: one `_all_docs` read with the documents, and `_bulk_docs` writes of 200 into an empty database.
 */
export const benchBackup = async (n = 10_000) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
  const source = { dataDir: path.join(dir, 'source') };
  const storage = openStorage(source);
  const docs = Array.from({ length: n }, (_, i) => ({
    _id: `slip-${String(i).padStart(6, '0')}`,
    type: 'slip', v: 1, title: `Списание ${i}`, day: '2026-11-20', createdBy: '79000000003', createdAt: i, updatedBy: '79000000003', updatedAt: i,
    data: { warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 3, reason: 'wilted', cost: 95.5 }], order: '', note: 'Бенч' },
  }));
  const office = storage.db('office');
  const [writeMs] = await timed(async () => {
    for (let i = 0; i < n; i += 200) await office.bulkDocs(docs.slice(i, i + 200));
  });
  const [readMs] = await timed(() => office.allDocs({ include_docs: true }));
  const [backupMs, file] = await timed(async () => storeBackup(await takeBackup(storage, source, 'bench key'), path.join(dir, 'archives'), 1));
  await storage.close();
  const [restoreMs] = await timed(() => restoreShop({ dataDir: path.join(dir, 'restored') }, file, { key: 'bench key' }));
  row(`backup, ${n} documents (encrypted)`, `${Math.round(backupMs)} ms`, '_all_docs read, same documents', `${Math.round(readMs)} ms`, backupMs / readMs);
  row(`restore, ${n} documents`, `${Math.round(restoreMs)} ms`, '_bulk_docs writes of 200', `${Math.round(writeMs)} ms`, restoreMs / writeMs);
  await fs.rm(dir, { recursive: true, force: true });
};
