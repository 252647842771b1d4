import { refCodeIssue, refDefaults, refEntries, type RefEntry } from '../entities/ref';

/**
 * A unit of the studio's `unit` reference list (/admin/refs) as quantities read it: what flowers and materials are
 * counted in, what to write after a number, and whether it is counted in whole pieces.
 */
export interface Unit {
  code: string;
  label: string;
  whole: boolean;
}

/** The unit list from stored records (any records: only the `unit` list's refs count), or its defaults. */
export const unitList = (records: Parameters<typeof refEntries>[0]): RefEntry[] => refEntries(records, 'unit');

/**
 * The unit a code names: its entry in the studio's list (switched off too: old flowers keep their unit), else the
 * default of that code, else a unit named by its code and counted whole (the safer guess: a fraction is refused,
 * never a piece split).
 */
export const unitOf = (units: readonly RefEntry[], code: string): Unit => {
  const entry = units.find((u) => u.code === code) ?? refDefaults.unit.find((u) => u.code === code);
  return entry ? { code, label: entry.label, whole: entry.whole ?? false } : { code, label: code, whole: true };
};

/**
 * The one rule of quantities by unit, for invoice lines, write-offs, transfers, counts and tech cards alike, on the
 * device and the server: a unit counted whole (шт., уп.) takes no fraction; metres and kilograms may.
 */
export const qtyIssue = (unit: Pick<Unit, 'whole'>, qty: number): string | undefined => {
  if (!Number.isFinite(qty)) return 'Количество — число';
  if (unit.whole && !Number.isInteger(qty)) return 'Штуки считают целыми';
  return undefined;
};

/**
 * Why a line that copies its flower's unit (an invoice's) may not take it, in the florist's words, or undefined: the
 * server's verdict (`refCodeIssue` over the studio's `unit` list, server/refs/ref-codes.ts), with what to do about a
 * unit switched off. `kept`: the record may keep a unit switched off (a draft: refCode's `copied: 'draft'`), so only a
 * unit the list lacks is refused. The invoice screen says it beside the line at once, and refuses to post with it.
 */
export const lineUnitIssue = (units: readonly RefEntry[], code: string, kept = false): string | undefined => {
  const issue = refCodeIssue(units, 'unit', code, kept ? code : undefined);
  const entry = units.find((u) => u.code === code);
  return issue && entry ? `Единица «${entry.label}» выключена в справочнике — включите её на /admin/refs или смените единицу цветка` : issue;
};
