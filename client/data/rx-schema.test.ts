import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RxJsonSchema } from 'rxdb';
import { checkSchema } from 'rxdb/plugins/dev-mode';
import { dataSourceCollections, shopCollections } from './collections';

const all = { ...shopCollections, ...dataSourceCollections } as Record<string, { schema: RxJsonSchema<unknown>; zod: z.ZodType }>;

type Json = Record<string, unknown>;

/** The zod schema's own JSON Schema, without what the derivation is allowed to drop (dialect, defaults). */
const plain = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(plain);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k]) => k !== 'default' && k !== '$schema').map(([k, v]) => [k, plain(v)]));
};

const defaultsIn = (node: unknown): string[] =>
  !node || typeof node !== 'object' ? [] : Object.entries(node).flatMap(([k, v]) => (k === 'default' ? [k] : defaultsIn(v)));

describe('RxDB schemas derived from schema/*.ts', () => {
  it.each(Object.keys(all))('%s has the zod fields, types and required list', (name) => {
    const { schema, zod } = all[name];
    const fromZod = plain(z.toJSONSchema(zod, { io: 'output', unrepresentable: 'any' })) as Json & { properties: Record<string, Json>; required: string[] };
    const rx = schema as unknown as Json & { properties: Record<string, Json>; required: string[] };
    expect(Object.keys(rx.properties).sort()).toEqual(Object.keys(fromZod.properties).sort());
    expect([...rx.required].sort()).toEqual([...fromZod.required].sort());
    expect(rx.additionalProperties).toBe(false);
    for (const [field, json] of Object.entries(fromZod.properties)) {
      // The derivation may only add RxDB's bits (maxLength on the primary key and on indexed fields).
      const { maxLength: _added, ...rest } = rx.properties[field];
      const { maxLength: _own, ...zodRest } = json;
      expect(rest, `${name}.${field}`).toEqual(zodRest);
      if (_own !== undefined) expect(_added, `${name}.${field} keeps zod's maxLength`).toBe(_own);
    }
  });

  it.each(Object.keys(all))('%s passes RxDB dev-mode schema checks', (name) => {
    expect(() => checkSchema(all[name].schema)).not.toThrow();
    const { primaryKey } = all[name].schema as unknown as { primaryKey: string };
    expect((all[name].schema.properties as Record<string, Json>)[primaryKey].maxLength).toBeGreaterThan(0);
  });

  it.each(Object.keys(all))('%s is the same every day: no computed default (a new hash would lock the stored collection)', (name) => {
    expect(defaultsIn(all[name].schema)).toEqual([]);
  });
});
