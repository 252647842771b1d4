import { z } from 'zod';
import { client, type Client } from '../../entities/client';
import { formatCsv, parseCsv } from '../../shared/csv';

/** The columns of the clients' CSV, in order: every stored field of the card (the totals are counted, not kept). */
const clientCsvColumns = ['phone', 'name', 'otherPhones', 'email', 'birthday', 'source', 'alert', 'note', 'dates'] as const;
type Column = (typeof clientCsvColumns)[number];

/** A client's cells: text as stored, important dates as JSON (one cell, so an export read back gives the same card). */
const clientCsvRow = (c: Client): string[] =>
  clientCsvColumns.map((col) => (col === 'dates' ? (c.dates.length ? JSON.stringify(c.dates) : '') : String(c[col] ?? '')));

export const clientsCsv = (clients: Client[]): string => formatCsv([[...clientCsvColumns], ...clients.map(clientCsvRow)]);

/** Body of POST /api/clients/import: the file's text; `allOrNothing`: any bad row and nothing is stored. */
export const clientImportRequest = z.strictObject({
  csv: z.string().max(4 * 1024 * 1024, 'Файл больше 4 МБ: разделите его на части'),
  allOrNothing: z.boolean().default(false),
});

type CsvClients = { ok: true; rows: { line: number; data: Client }[]; errors: { line: number; error: string }[] } | { ok: false; error: string };

const notClientsCsv = `Это не CSV-файл клиентов: первая строка должна назвать колонки, среди них phone (${clientCsvColumns.join(', ')})`;

/**
 * The clients a CSV file holds, each checked as a card is (phone, birthday, dates), and each bad row with its line
 * and the reason. A phone that came in an earlier row of the file is a bad row too.
 */
export const readClientsCsv = (text: string): CsvClients => {
  const rows = parseCsv(text);
  if (!rows || rows.length === 0) return { ok: false, error: notClientsCsv };
  const header = rows[0].cells.map((h) => h.trim());
  if (!header.includes('phone') || header.some((h) => !(clientCsvColumns as readonly string[]).includes(h))) return { ok: false, error: notClientsCsv };
  const seen = new Set<string>();
  const good: { line: number; data: Client }[] = [];
  const errors: { line: number; error: string }[] = [];
  for (const { line, cells } of rows.slice(1)) {
    const raw: Partial<Record<Column, unknown>> = {};
    header.forEach((h, i) => {
      // The note is kept as typed, as the card keeps it (a tab or spaces in front come back exact); the rest is trimmed.
      const v = h === 'note' ? (cells[i] ?? '') : (cells[i] ?? '').trim();
      if (v !== '') raw[h as Column] = v;
    });
    if (typeof raw.dates === 'string') {
      try {
        raw.dates = JSON.parse(raw.dates);
      } catch {
        errors.push({ line, error: 'Важные даты: не удалось прочитать' });
        continue;
      }
    }
    const parsed = client.fields.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '');
      const label = (client.labels.fields as Record<string, string>)[field];
      errors.push({ line, error: label ? `${label}: ${issue.message}` : issue.message });
      continue;
    }
    if (seen.has(parsed.data.phone)) {
      errors.push({ line, error: 'Телефон уже встретился выше в этом файле' });
      continue;
    }
    seen.add(parsed.data.phone);
    good.push({ line, data: parsed.data });
  }
  return { ok: true, rows: good, errors };
};
