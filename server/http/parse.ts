import type { z } from 'zod';
import { fromZod } from './errors';

/** Parses a payload or throws a 400 that names the fields. */
export const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZod(result.error);
  return result.data;
};
