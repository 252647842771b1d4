import { createHash } from 'node:crypto';

/** JSON with keys sorted by code unit: the same text on every machine, whatever its locale. */
const canonical = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(canonical);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.keys(node).sort().map((k) => [k, canonical((node as Record<string, unknown>)[k])]));
};

/** For tests: a derived RxDB schema's fingerprint, as client/data/collections.test.ts pins one per collection and version. */
export const schemaHash = (schema: object): string => createHash('sha256').update(JSON.stringify(canonical(schema))).digest('hex').slice(0, 16);
