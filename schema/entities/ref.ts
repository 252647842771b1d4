import { z } from 'zod';
import { defineEntity, lastWriterWins } from '../shared/entity';
import { refDefaults, refList, refLists, refId, type RefEntry, type RefList } from '../shared/ref-defaults';

// The lists, their defaults and an entry's shape live in schema/shared/ref-defaults.ts; their importers may keep reading them here.
export { refDefaults, refList, refLists, refId, type RefEntry, type RefList };

/** One entry of a reference list. Office tier: every staff device offers the lists offline. */
export const ref = defineEntity({
  type: 'ref',
  path: 'refs',
  labels: {
    one: 'Значение справочника',
    many: 'Справочники',
    create: 'Новое значение',
    fields: { list: 'Справочник', code: 'Код', label: 'Название', position: 'Порядок', active: 'Используется', whole: 'Только целые (для единиц измерения)' },
    values: { list: Object.fromEntries(refLists.map((l) => [l.id, l.label])) },
  },
  tier: 'office',
  write: 'record',
  // Florists read the lists on their devices; only an admin changes them (/admin/refs is the admin's, spec §2).
  access: { read: 'florist', create: 'admin', update: 'admin', delete: 'admin' },
  fields: z.strictObject({
    list: refList,
    code: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Код — латинские буквы, цифры и дефис'),
    label: z.string().trim().min(1, 'Укажите название').max(100, 'Название длиннее 100 символов'),
    position: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
    /** A unit (`list: 'unit'`) counted in whole pieces: a fraction of it is refused wherever a quantity is typed. */
    whole: z.boolean().default(false),
  }),
  // The label first: it is the link to the entry (every row of a list would otherwise link by the list's name).
  list: { columns: ['label', 'list', 'code', 'position', 'active'], search: ['label', 'code'], sort: 'position', filters: ['list', 'active'] },
  example: { list: 'write-off-reason', code: 'frozen', label: 'Подмёрзли', position: 10, active: true },
  title: (r) => r.label,
  key: { id: (r) => refId(r.list, r.code), taken: 'Такой код в этом справочнике уже есть', fixed: 'Справочник и код значения не меняются' },
  // Version 2 added `whole`: an entry stored before says what its code's default says (шт. and уп. whole), never
  // "fractions allowed" for pieces by omission.
  version: 2,
  upgrade: (data, from) => (from < 2 && data.whole === undefined ? { ...data, whole: defaultWhole(data.list, data.code) } : data),
  merge: lastWriterWins,
});

/** Whether a list's default entry of a code is counted whole (only units are; a code without a default is not). */
function defaultWhole(list: unknown, code: unknown): boolean {
  return list === 'unit' && refDefaults.unit.some((e) => e.code === code && e.whole === true);
}


/** The stored fields of a ref record this reader needs (the device's and the server's copies alike). */
interface RefRecord {
  type: string;
  /** The entity version it was written with (absent: the first). */
  v?: number;
  data: Record<string, unknown>;
}

/**
 * One list as the studio keeps it: every entry, in its order (position, then label), from the stored ref records, or
 * the defaults while none of that list is stored yet (a device before its first pull, a shop before its first start).
 * Screens offer the active ones and name any code by its label, an inactive one too (an old order's source).
 */
export const refEntries = (records: readonly RefRecord[], list: RefList): RefEntry[] => {
  const stored = records.flatMap((r) => {
    const parsed = r.type === 'ref' ? ref.fields.safeParse((r.v ?? 1) < ref.version && ref.upgrade ? ref.upgrade(r.data, r.v ?? 1) : r.data) : undefined;
    return parsed?.success && parsed.data.list === list ? [parsed.data] : [];
  });
  if (!stored.length) return refDefaults[list].map(({ code, label, whole }) => ({ code, label, active: true, whole: whole ?? false }));
  return stored
    .sort((a, b) => a.position - b.position || a.label.localeCompare(b.label, 'ru'))
    .map(({ code, label, active, whole }) => ({ code, label, active, whole }));
};

/** The label of a code in a list, or the code itself when the list has no such entry. */
export const refLabel = (entries: readonly RefEntry[], code: string): string => entries.find((e) => e.code === code)?.label ?? code;

/**
 * What a choice offers: the list's active entries in the list's order, but those a form may not take (`except`: a
 * phone order's source is never the site), and the chosen one even if it was switched off since, so a form never
 * holds a value it does not show.
 */
export const refChoices = (entries: readonly RefEntry[], chosen?: string, except: readonly string[] = []): { code: string; label: string }[] =>
  entries.flatMap((e) => ((e.active && !except.includes(e.code)) || e.code === chosen ? [{ code: e.code, label: e.label }] : []));

/**
 * Why a record may not take `code` from a list, in Russian, or undefined: the code must be an entry of the studio's
 * list (`entries`, as `refEntries` reads it) and switched on, unless the record already held it (`kept`: an old
 * order's or card's source stays when it is switched off). The server's check of every source it is sent.
 */
export const refCodeIssue = (entries: readonly RefEntry[], list: RefList, code: string, kept?: string): string | undefined => {
  const name = refLists.find((l) => l.id === list)?.label ?? list;
  const entry = entries.find((e) => e.code === code);
  if (!entry) return `В справочнике «${name}» нет значения «${code}»: добавьте его на странице справочников`;
  if (!entry.active && code !== kept) return `Значение «${entry.label}» справочника «${name}» отключено`;
  return undefined;
};
