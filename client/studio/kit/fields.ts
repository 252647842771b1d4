import { z } from 'zod';
import { entities, type AnyEntity } from '../../../schema/entities';
import { day, today } from '../../../schema/shared/day';
import { roubles } from '../../../schema/shared/money';
import { formatPhone, phone } from '../../../schema/shared/phone';
import { staffName } from '../../../schema/shared/user';
import { refDefaults, refList, type RefList } from '../../../schema/entities/ref';
import { referenceOf } from '../../../schema/shared/reference';
import { valueLabel, valueOptions } from './value-labels';

// Messages the entity schemas do not word themselves (a wrong type, say) come out in Russian, as on the server.
z.config(z.locales.ru());

export type FieldKind = 'text' | 'longtext' | 'number' | 'roubles' | 'enum' | 'boolean' | 'day' | 'time' | 'phone' | 'list' | 'reference';

/** One input of the generic form, read from the entity's zod field. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  /** Left empty, the field takes its default or stays unset. */
  optional: boolean;
  /** A phone field that names a staff member (`.meta({ staff: true })` on the entity's field): shown and picked by name. */
  staff?: boolean;
  options?: { id: string; label: string }[];
  /** An enum whose choices a reference list names, orders and switches off (`.meta({ ref: 'client-source' })`, /admin/refs). */
  ref?: RefList;
  /** With `ref`: a plain code (`refCode`, a charge's category) that takes any entry of the list, not only an enum's values. */
  anyCode?: boolean;
  /** With kind `reference`: the entity type whose record the field names (schema/shared/reference.ts), picked and shown by its title. */
  reference?: string;
  /** Computed by the server (schema/shared/entity.ts `computed`): shown, never edited or sent. */
  computed?: boolean;
  /** A list of small records (a client's important dates): the inputs of one row, labelled by each field's `describe`. */
  items?: FieldSpec[];
  /** A list of plain values (a contractor's phones): each row is one input, `items[0]`, named `value`; stored as the values alone. */
  plain?: boolean;
}

export type FormValues = { [name: string]: string | boolean | FormValues[] };

type Schema = z.ZodType;

/** The field without optional/default wrappers, and whether it may be left empty. */
const unwrap = (schema: Schema): { inner: Schema; optional: boolean } => {
  let inner = schema;
  let optional = false;
  for (;;) {
    const def = inner.def as { type: string; innerType?: Schema };
    if ((def.type === 'optional' || def.type === 'default' || def.type === 'nullable') && def.innerType) {
      optional = true;
      inner = def.innerType;
    } else return { inner, optional };
  }
};

const phoneLike = (s: Schema) => s === phone || (s.safeParse('79001234567').success && !s.safeParse('7900').success && !s.safeParse('abc').success);

const kindOf = (inner: Schema): FieldKind => {
  const def = inner.def as { type: string; options?: Schema[] };
  if (inner === phone) return 'phone';
  // A sum of its own (a charge's: more than nothing) says so with `meta({ roubles: true })`.
  if (inner === roubles || (inner.meta() as { roubles?: unknown } | undefined)?.roubles === true) return 'roubles';
  if (inner === day) return 'day';
  if (def.type === 'union' && def.options?.some((o) => o.safeParse('').success) && def.options.some((o) => phoneLike(o))) return 'phone';
  // A phone with a label of its own (`phone.describe('Телефон')` is a copy of `phone`).
  if (def.type === 'pipe' && phoneLike(inner)) return 'phone';
  if (def.type === 'number') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'enum') return 'enum';
  if (def.type === 'string') {
    if (inner.safeParse('09:30').success && !inner.safeParse('0930').success && !inner.safeParse('слово').success) return 'time';
    const max = (inner as z.ZodString).maxLength;
    return max !== null && max > 200 ? 'longtext' : 'text';
  }
  return 'text';
};

/** The element of a list (z.array), if the field is one. */
const elementOf = (inner: Schema): Schema | null => {
  const def = inner.def as { type: string; element?: Schema };
  return def.type === 'array' && def.element ? def.element : null;
};

const specOf = (entity: AnyEntity, name: string, schema: Schema, label: string, optionsFor: string): FieldSpec => {
  const { inner, optional } = unwrap(schema);
  const element = elementOf(inner);
  const row = element instanceof z.ZodObject ? element : null;
  if (element && !row) return { name, label, kind: 'list', optional: true, plain: true, items: [specOf(entity, 'value', element, element.description ?? label, name)] };
  if (row)
    return {
      name,
      label,
      kind: 'list',
      optional: true,
      items: Object.entries(row.shape as Record<string, Schema>).map(([sub, s]) => specOf(entity, sub, s, s.description ?? unwrap(s).inner.description ?? sub, name)),
    };
  const target = referenceOf(schema);
  // A line's reference without a label of its own (a write-off line's flower) is named by what it points to.
  if (target) return { name, label: label === name ? (Object.values(entities).find((e) => e.type === target)?.labels.one ?? label) : label, kind: 'reference', optional: optional || inner.safeParse('').success, reference: target };
  const ref = refList.safeParse((inner.meta() as { ref?: unknown } | undefined)?.ref);
  // A code of a list (`refCode`): offered as the list's entries, whatever codes the studio gave them.
  if (ref.success && !(inner instanceof z.ZodEnum))
    return { name, label, kind: 'enum', optional, ref: ref.data, anyCode: true, options: refDefaults[ref.data].map((e) => ({ id: e.code, label: e.label })) };
  const kind = kindOf(inner);
  return {
    name,
    label,
    kind,
    optional: optional || kind === 'boolean' || inner.safeParse('').success,
    ...(kind === 'phone' && (inner.meta() as { staff?: unknown } | undefined)?.staff === true ? { staff: true } : {}),
    ...(kind === 'enum' ? { options: valueOptions(entity.type, optionsFor, (inner as z.ZodEnum).options.map(String)) } : {}),
    ...(kind === 'enum' && ref.success ? { ref: ref.data } : {}),
  };
};

/** The form's inputs, in the order the entity declares its fields, with the Russian labels of the registry. */
export const fieldsOf = (entity: AnyEntity): FieldSpec[] => {
  const computed: readonly string[] = entity.computed ?? [];
  const labels: Record<string, string> = entity.labels.fields;
  return Object.entries(entity.fields.shape as Record<string, Schema>).map(([name, schema]) => ({
    ...specOf(entity, name, schema, labels[name] ?? name, name),
    ...(computed.includes(name) ? { computed: true } : {}),
  }));
};

const defaultOf = (schema: Schema): unknown => {
  const parsed = schema.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
};

const inputValue = (f: FieldSpec, v: unknown): string | boolean | FormValues[] => {
  if (f.kind === 'boolean') return v === true;
  if (f.kind === 'phone') return typeof v === 'string' && v ? formatPhone(v) : '';
  if (f.kind === 'list') return Array.isArray(v) ? v.map((row: unknown) => rowValues(f, f.plain ? { value: row } : typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row)) : {})) : [];
  return v === undefined || v === null ? '' : String(v);
};

/** One row of a list field as its inputs show it; an empty row for a new one. */
export const rowValues = (f: FieldSpec, row: Record<string, unknown> = {}): FormValues =>
  Object.fromEntries((f.items ?? []).map((sub) => [sub.name, inputValue(sub, row[sub.name])]));

/**
 * What the inputs show for a record's data, or for a new record: the fields' defaults, and today for a new record's
 * own date (its field `day`, «Дата»: a charge, an invoice, a write-off happen on the day they are recorded; an empty
 * date only made a person type it). Other dates (a task's due day) start empty.
 */
export const toFormValues = (entity: AnyEntity, data?: Record<string, unknown>): FormValues => {
  const shape = entity.fields.shape as Record<string, Schema>;
  const startValue = (f: FieldSpec) => defaultOf(shape[f.name]) ?? (f.name === 'day' && f.kind === 'day' ? today() : undefined);
  return Object.fromEntries(fieldsOf(entity).map((f) => [f.name, inputValue(f, data ? data[f.name] : startValue(f))]));
};

export type FormResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/**
 * The inputs as entity data, parsed with the entity's fields. Errors come back by field, in Russian, to be shown
 * beside each input. Empty inputs of optional fields are left out, so defaults apply.
 */
export const fromFormValues = (entity: AnyEntity, values: FormValues): FormResult => {
  const shape = entity.fields.shape as Record<string, Schema>;
  const errors: Record<string, string> = {};
  const raw: Record<string, unknown> = {};
  for (const f of fieldsOf(entity)) {
    const v = values[f.name];
    if (f.computed) continue;
    if (f.kind === 'list') {
      const cell = (sub: FieldSpec, typed: FormValues[string] | undefined): string => {
        const text = typeof typed === 'string' ? typed.trim() : '';
        return sub.kind === 'phone' ? (text.replace(/\D/g, '').length <= 1 ? '' : text.replace(/\D/g, '')) : text;
      };
      const rows = Array.isArray(v) ? v : [];
      // A plain list keeps a row left empty, for its input to say what it lacks; a record's row leaves empty fields out.
      raw[f.name] = f.plain
        ? rows.map((row) => cell(f.items?.[0] ?? f, row.value))
        : rows.map((row) => Object.fromEntries((f.items ?? []).flatMap((sub) => ((text) => (text === '' ? [] : [[sub.name, text]]))(cell(sub, row[sub.name])))));
      continue;
    }
    if (f.kind === 'boolean') {
      raw[f.name] = v === true;
      continue;
    }
    let s = typeof v === 'string' ? v.trim() : '';
    if (f.kind === 'phone') {
      const digits = s.replace(/\D/g, '');
      s = digits.length <= 1 ? '' : digits;
    }
    if (s === '') {
      if (shape[f.name].safeParse(undefined).success) continue; // the default applies, or the field stays unset
      raw[f.name] = f.kind === 'number' || f.kind === 'roubles' ? undefined : '';
      continue;
    }
    if (f.kind === 'number' || f.kind === 'roubles') {
      const n = Number(s.replace(/\s/g, '').replace(',', '.'));
      if (Number.isNaN(n)) errors[f.name] = 'Введите число';
      else raw[f.name] = n;
      continue;
    }
    raw[f.name] = s;
  }
  const parsed = entity.fields.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.length > 1 && Array.isArray(raw[String(issue.path[0])]) ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
      errors[name] ??= issue.code === 'invalid_type' && raw[name] === undefined ? 'Заполните поле' : issue.message;
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, data: parsed.success ? (parsed.data as Record<string, unknown>) : {} };
};

/** How a list cell shows a value of a field. A staff member's phone (a task's assignee) shows as their name, from `names` (the staff directory), else masked. */
export const cellText = (entity: AnyEntity, field: FieldSpec | undefined, value: unknown, names?: ReadonlyMap<string, string>): string => {
  if (value === undefined || value === null || value === '') return '—';
  switch (field?.kind) {
    case 'list':
      return field.plain && Array.isArray(value) ? value.map((v) => cellText(entity, field.items?.[0], v, names)).join(', ') || '—' : String(value);
    case 'boolean':
      return value ? 'Да' : 'Нет';
    case 'roubles':
      return `${new Intl.NumberFormat('ru-RU').format(Number(value))} ₽`;
    case 'phone':
      return field.staff ? staffName(String(value), names ?? new Map()) : formatPhone(String(value));
    case 'enum':
      return valueLabel(entity.type, field.name, String(value));
    case 'day':
      return new Date(`${String(value)}T12:00:00Z`).toLocaleDateString('ru-RU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    default:
      return String(value);
  }
};
