import type { z } from 'zod';
import type { AdminArea } from './admin-routes';
import type { StockMove } from '../studio/stock/stock-balance';
import type { Level } from './user';

/**
 * Where an entity's records live, by who may read them (CouchDB secures reads per database, never per document).
 * - office: every staff member reads it; replicated to staff devices (`/db/office`), works offline.
 * - admin: admins only; never copied to a device, read online through `/api/{path}/*` and cached (DataSources).
 */
export type Tier = 'office' | 'admin';

/**
 * How records are written.
 * - record: an editable document; concurrent offline edits converge by the entity's `merge` rule.
 * - fact: immutable once stored (a write-off, a supply, a shift closing); a correction is a new fact.
 * - command: a request the server may refuse (order status, anything that takes stock): never written directly.
 */
export type WriteKind = 'record' | 'fact' | 'command';

export type Action = 'read' | 'create' | 'update' | 'delete';

export interface EntityAccess {
  read: Level;
  create: Level;
  update: Level;
  /** null: nobody deletes (facts). */
  delete: Level | null;
  /** Actions the record's author may take on it although their level alone would not let them. */
  own?: Action[];
}

export interface EntityList<K extends string> {
  columns: K[];
  /** Fields the list's search box looks in. */
  search: K[];
  /** Default order. */
  sort: K;
  /** Fields offered as filters (enums and booleans). */
  filters?: K[];
}

/**
 * One back-office entity, declared once: its fields, Russian labels, access, tier and write kind.
 * The record API, the /db gateway, the generic list and form, the menu and the tests all read it.
 */
export interface EntityDefinition<F extends z.ZodObject = z.ZodObject, T extends string = string, P extends string = string> {
  type: T;
  /** The API name (/api/{path}/list) and, unless `screen` says otherwise, the admin route /admin/{path}. */
  path: P;
  /** The spec's admin route its records are shown on when it has none of its own (transfers on /admin/warehouses). */
  screen?: string;
  /**
   * For an entity beyond the spec's admin table: the staff menu's area its own route /admin/{path} is listed in. That
   * route comes from this declaration (schema/shared/back-office-routes.ts: label `labels.many`, opened by whoever reads it).
   */
  area?: AdminArea;
  labels: {
    one: string;
    many: string;
    create: string;
    fields: { [K in keyof z.infer<F> & string]: string };
    /** Russian names of an enum field's values, as lists, filters and forms show them. */
    values?: { [K in keyof z.infer<F> & string]?: Record<string, string> };
  };
  tier: Tier;
  write: WriteKind;
  access: EntityAccess;
  fields: F;
  list: EntityList<keyof z.infer<F> & string>;
  /** One valid record's data: the registry tests build their records from it, the form may offer it as a hint. */
  example: z.input<F>;
  /** What lists, look-ups and references show for a record. */
  title: (data: z.infer<F>) => string;
  /** For calendar-like entities: the day a record belongs to (yyyy-MM-dd). */
  day?: (data: z.infer<F>) => string | undefined;
  /**
   * A natural key: the record's id is made from its data (a client's phone), so a second record of it cannot be
   * stored, by two app servers at once neither (the store's first write wins). `taken` is the Russian reason, and the
   * key never changes on an edit.
   */
  key?: { id: (data: z.infer<F>) => string; taken: string; fixed: string };
  /**
   * Fields the server computes on every read (a client's totals from the orders): never stored, shown read-only,
   * sortable. The record API fills them through its `derive` for the entity.
   */
  computed?: (keyof z.infer<F> & string)[];
  /** Named filters beyond equality (a birthday this month), by the data and today's day (yyyy-MM-dd, Moscow). */
  views?: { id: string; label: string; test: (data: z.infer<F>, today: string) => boolean }[];
  /**
   * For entities whose records move stock (a posted supply invoice, a write-off act, a transfer, a count's
   * corrections, an assembly): the movements one record stands for. Balances are the sum of every record's moves
   * (schema/studio/stock/stock-balance.ts), on the server and on the device alike; none is ever a stored counter.
   */
  moves?: (data: z.infer<F>) => readonly StockMove[];
  /**
   * A record that has become a fact (a posted invoice, a finished count): the Russian reason it may no longer be
   * changed or deleted, or undefined while it is still a draft. The record API and /db/office refuse by it.
   */
  frozen?: (data: z.infer<F>) => string | undefined;
  /** The data version written now; `upgrade` lifts data written by an older version. */
  version: number;
  upgrade?: (data: Record<string, unknown>, from: number) => Record<string, unknown>;
  /**
   * Two devices changed the same record offline: the result both converge on, from the server's copy and ours
   * (each with its updatedAt). Documented per entity in docs/DECISIONS.md.
   */
  merge: (server: { data: z.infer<F>; updatedAt: number }, mine: { data: z.infer<F>; updatedAt: number }) => z.infer<F>;
}

export const defineEntity = <F extends z.ZodObject, T extends string, P extends string>(definition: EntityDefinition<F, T, P>) => definition;

/** The default rule for plain records: the later change wins as a whole (the loser is told what replaced it). */
export const lastWriterWins = <D>(server: { data: D; updatedAt: number }, mine: { data: D; updatedAt: number }): D =>
  mine.updatedAt > server.updatedAt ? mine.data : server.data;
