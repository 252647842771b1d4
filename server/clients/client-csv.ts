import { isDeepStrictEqual } from 'node:util';
import { client, clientIdOf, type Client } from '../../schema/entities/client';
import type { z } from 'zod';
import { clientsCsv, readClientsCsv, type clientImportRequest } from '../../schema/studio/clients/client-csv';
import { derivedFields, recordData, type OfficeRecord } from '../../schema/shared/record';
import type { User } from '../../schema/shared/user';
import { HttpError } from '../http/errors';
import type { Storage } from '../db/storage';
import { tierStore } from '../records/tier-store';
import { refCodeIssue } from '../../schema/entities/ref';
import { storedRefEntries } from '../refs/ref-codes';
import { phonesTakenIssue } from './card-of-phone';
import { stampAlert } from './stamp-alert';

/** What a card keeps: its data without the totals, which are counted on every read. */
const kept = ({ orders: _o, spent: _s, averageCheck: _a, lastOrder: _l, ...rest }: Client): Record<string, unknown> => rest;

/**
 * The clients' CSV (a studio must never be locked in): every card out, and cards in, new phones created and known ones
 * brought to the file's values. Each bad row is reported with its line and the rest stored, or, `allOrNothing`,
 * nothing is stored when any row is bad (400 with every reason).
 */
export const clientCsv = (storage: Storage, clock: () => number = Date.now) => {
  const store = tierStore(storage);

  const all = async (): Promise<Client[]> =>
    (await store.all(client.tier, client.type)).flatMap((r) => {
      const data = recordData(client, r);
      return data ? [data] : [];
    });

  return {
    async exportCsv(): Promise<{ csv: string; count: number }> {
      const clients = (await all()).sort((a, b) => a.phone.localeCompare(b.phone));
      return { csv: clientsCsv(clients), count: clients.length };
    },

    async importCsv(user: User, { csv, allOrNothing }: z.infer<typeof clientImportRequest>) {
      const file = readClientsCsv(csv);
      if (!file.ok) throw new HttpError(400, file.error);
      // A source is a code of the studio's list «Откуда клиенты», as on the card; a card's own old one is kept.
      const sources = await storedRefEntries(storage, 'client-source');
      const read = { ...file, rows: [] as typeof file.rows, errors: [...file.errors] };
      for (const row of file.rows) {
        const before = await store.get(client.tier, client.type, clientIdOf(row.data.phone));
        const held = before?.data.source;
        const issue =
          refCodeIssue(sources, 'client-source', row.data.source, typeof held === 'string' ? held : undefined) ??
          (await phonesTakenIssue(storage, clientIdOf(row.data.phone), row.data));
        if (issue) read.errors.push({ line: row.line, error: issue });
        else read.rows.push(row);
      }
      if (allOrNothing && read.errors.length) throw new HttpError(
          400,
          `Файл не загружен: ошибок в строках — ${read.errors.length}`,
          read.errors.map((e) => ({ path: `строка ${e.line}`, message: e.error })),
        );
      let created = 0;
      let updated = 0;
      let unchanged = 0;
      const errors = [...read.errors];
      for (const { line, data } of read.rows) {
        const id = clientIdOf(data.phone);
        const before = await store.get(client.tier, client.type, id);
        const beforeData = before && recordData(client, before);
        const now = clock();
        if (before && beforeData && isDeepStrictEqual(kept(beforeData), kept(data))) {
          unchanged++;
          continue;
        }
        const record: OfficeRecord = before
          ? { ...before, ...derivedFields(client, data), updatedAt: Math.max(now, before.updatedAt + 1), updatedBy: user.phone, data: kept(data) }
          : { id, type: client.type, ...derivedFields(client, data), createdBy: user.phone, createdAt: now, updatedBy: user.phone, updatedAt: now, data: kept(data) };
        if ((await store.put(client.tier, record, before ? before.updatedAt : null)) !== 'ok') {
          errors.push({ line, error: 'Карточку этого клиента как раз меняли: загрузите строку ещё раз' });
          continue;
        }
        if (before) updated++;
        else created++;
        if ((beforeData?.alert ?? '') !== data.alert) await stampAlert(storage, data.phone);
      }
      return { created, updated, unchanged, errors: errors.sort((a, b) => a.line - b.line) };
    },
  };
};
