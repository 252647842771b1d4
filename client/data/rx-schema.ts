import { z } from 'zod';
import type { RxJsonSchema } from 'rxdb';

/**
 * Drops `default` everywhere. Documents are parsed with zod before they are written, so every field is present
 * and defaults add nothing. Worse, RxDB refuses nested defaults (dev-mode SC7), and a computed default such as
 * the event's `day` (today) would change the schema hash every day — RxDB then refuses to open the stored
 * collection (DB6) and the shop would not start for anyone who opened it the day before.
 */
const withoutDefaults = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutDefaults);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'default').map(([k, v]) => [k, withoutDefaults(v)]));
};

export interface RxSchemaOptions {
  /** The collection's name, kept as the schema's title: the zod-validating storage picks its validator by it. */
  name: string;
  primaryKey: string;
  /** Raised whenever the derived schema changes (client/data/collections.ts says how). */
  version: number;
  indexes?: string[];
}

/**
 * RxDB collection schemas are derived from the zod schemas in schema/, so the two cannot drift.
 * RxDB wants a version, a primary key with maxLength, and no JSON-Schema dialect marker.
 */
export const rxSchemaOf = <T>(schema: z.ZodType, { name, primaryKey, version, indexes = [] }: RxSchemaOptions): RxJsonSchema<T> => {
  const { $schema: _dialect, ...json } = withoutDefaults(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as Record<string, unknown> & {
    properties: Record<string, Record<string, unknown>>;
  };
  // RxDB indexes strings up to a known length: the key and every indexed string field get one when zod gave none.
  const bounded = [primaryKey, ...indexes.flatMap((i) => i.split(','))].filter((k) => json.properties[k]?.type === 'string');
  const properties = { ...json.properties, ...Object.fromEntries(bounded.map((k) => [k, { ...json.properties[k], maxLength: json.properties[k].maxLength ?? 500 }])) };
  return { ...json, title: name, properties, version, primaryKey, type: 'object', indexes } as unknown as RxJsonSchema<T>;
};
