import { z } from 'zod';
import type { RxJsonSchema } from 'rxdb';

/**
 * RxDB collection schemas are derived from the zod schemas in schema/, so the two cannot drift.
 * RxDB wants a version, a primary key with maxLength, and no JSON-Schema dialect marker.
 */
export const rxSchemaOf = <T>(schema: z.ZodType, primaryKey: string, indexes: string[] = []): RxJsonSchema<T> => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown> & {
    properties: Record<string, Record<string, unknown>>;
  };
  const properties = { ...json.properties, [primaryKey]: { ...json.properties[primaryKey], maxLength: 500 } };
  return { ...json, properties, version: 0, primaryKey, type: 'object', indexes } as unknown as RxJsonSchema<T>;
};
